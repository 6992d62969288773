import JSON
import Testing

@testable import GraphQL

/// The document and plan caches hold client-chosen documents: bounded in bytes, not only in count.
struct CacheBoundsTests {
    static func prepared(_ query: String) throws -> PreparedDocument {
        PreparedDocument(document: try parse(query), schema: ExecutionTestSchema.schema, queryBytes: query.utf8.count)
    }

    @Test func documentsAreChargedForTreeAndPlanBudget() throws {
        let small = try Self.prepared("{ kinds }")
        #expect(small.estimatedBytes == 1024 + 32 * 9 + 64 * 1024)
        let query = "{ " + (1...500).map { "k\($0): kinds" }.joined(separator: " ") + " }"
        let large = try Self.prepared(query)
        let tree = 1024 + 32 * query.utf8.count
        #expect(large.estimatedBytes == 3 * tree)
    }

    @Test func theCacheEvictsByBytes() throws {
        let document = try Self.prepared("{ kinds }")
        // Room for eight such documents, though the count would allow twenty.
        let limit = 8 * document.estimatedBytes + 100
        let cache = DocumentCache(capacity: 20, maxBytes: limit)
        let names = (0..<8).map { "q\($0)" }
        for name in names { cache.insert(document, for: name) }
        _ = cache.document(for: "q0")
        cache.insert(document, for: "new")
        #expect(cache.count == 8)
        #expect(cache.bytes <= limit)
        #expect(cache.document(for: "q0") != nil)
        #expect(cache.document(for: "q1") == nil)
        #expect(cache.document(for: "new") != nil)
    }

    @Test func aDocumentOverAnEighthOfTheCacheIsNotKept() throws {
        let document = try Self.prepared("{ kinds }")
        let cache = DocumentCache(capacity: 10, maxBytes: 8 * document.estimatedBytes - 1)
        cache.insert(document, for: "a")
        #expect(cache.count == 0)
        #expect(cache.bytes == 0)
    }

    /// A comment makes every request a new document: the cache stays within its bytes.
    @Test func distinctDocumentsStayWithinTheBytes() throws {
        let limit = 8 << 20
        let engine = ExecutionTestSchema.engine(limits: GraphQLLimits(documentCacheBytes: limit))
        let body = (1...300).map { "k\($0): kinds" }.joined(separator: " ")
        for index in 0..<100 {
            _ = try engine.prepare("{ \(body) } # \(index)").get()
            #expect(engine.cache.bytes <= limit)
        }
        #expect(engine.cache.count > 1)
        #expect(engine.cache.count < 100)
    }

    @Test func planBudgetIsTakenUntilItRunsOut() throws {
        let plans = OperationPlanCache(document: try parse("{ kinds }"), byteBudget: 3 * OperationPlanCache.bytesPerPlan)
        #expect(plans.reserve(plans: 2))
        #expect(!plans.reserve(plans: 2))
        #expect(plans.reserve(plans: 1))
        #expect(!plans.reserve(plans: 1))
    }

    /// Past its plan budget a document still executes correctly, every time.
    @Test func executionPastThePlanBudgetIsStillCorrect() throws {
        let engine = ExecutionTestSchema.engine()
        let fields = (1...120).map { "f\($0): friends { id name }" }.joined(separator: " ")
        let query = "query ($a: Boolean!, $b: Boolean!) { users { \(fields) id @include(if: $a) name @include(if: $b) } }"
        let document = try engine.prepare(query).get()
        var bodies: Set<String> = []
        for round in 0..<3 {
            for (a, b) in [(true, true), (true, false), (false, true), (false, false)] {
                let response = engine.execute(document, operationName: nil, variables: ["a": .bool(a), "b": .bool(b)], context: ())
                #expect(response.errors.isEmpty)
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(text.contains(#""f120":[{"id":"2","name":"Bob"},{"id":"3","name":"Carol"}]"#))
                #expect(text.hasSuffix(a && b ? #""id":"3","name":"Carol"}]}}"# : b ? #""name":"Carol"}]}}"# : a ? #""id":"3"}]}}"# : "]}]}}"))
                if round > 0 { #expect(bodies.contains(text)) }
                bodies.insert(text)
            }
        }
        #expect(!document.plans.reserve(plans: 100))
    }
}
