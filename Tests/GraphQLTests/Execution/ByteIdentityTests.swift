import JSON
import Testing

@testable import GraphQL

/// The engine tells texts apart by their bytes, never by `String`'s Unicode
/// equivalence: a document whose literal is "Jose\u{301}" (NFD) is not the
/// one with "Jos\u{E9}" (NFC), in the document cache, under APQ ids, in the
/// fragment cache's selections, and by operation and enum value names.
struct ByteIdentityTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"

    static func echo(_ text: String) -> String { "{ echo(string: \"\(text)\") }" }

    /// What `echo` answers for `text`, as the bytes a client receives.
    static func answer(_ text: String) -> [UInt8] {
        Array(#"{"data":{"echo":"{\"string\":\"\#(text)\",\"greeting\":\"hello\"}"}}"#.utf8)
    }

    @Test func theDocumentCacheKeepsEachSpellingsOwnDocument() {
        let engine = ExecutionTestSchema.engine()
        // Twice: prepared, then from the cache.
        for _ in 0..<2 {
            #expect(engine.execute(query: Self.echo(Self.composed)).body == Self.answer(Self.composed))
            #expect(engine.execute(query: Self.echo(Self.decomposed)).body == Self.answer(Self.decomposed))
        }
        #expect(engine.cache.count == 2)
    }

    @Test func eachSpellingIsRegisteredUnderItsOwnPersistedID() throws {
        let engine = ExecutionTestSchema.engine()
        _ = try engine.prepare(Self.echo(Self.composed), persistedID: "id-composed").get()
        // Registered after the composed text is cached: a document of its own.
        _ = try engine.prepare(Self.echo(Self.decomposed), persistedID: "id-decomposed").get()
        let composed = try #require(engine.persistedDocument(id: "id-composed"))
        let decomposed = try #require(engine.persistedDocument(id: "id-decomposed"))
        #expect(Array(composed.query.utf8) == Array(Self.echo(Self.composed).utf8))
        #expect(Array(decomposed.query.utf8) == Array(Self.echo(Self.decomposed).utf8))
        let answer = engine.execute(decomposed.document, operationName: nil, variables: nil, context: ())
        #expect(answer.body == Self.answer(Self.decomposed))
        // Ids are bytes too: the other spelling of an id finds nothing.
        _ = try engine.prepare("{ kinds }", persistedID: "k-\(Self.composed)").get()
        #expect(engine.persistedDocument(id: "k-\(Self.decomposed)") == nil)
    }

    @Test func fragmentSelectionsAreOneOnlyForTheSameBytes() throws {
        let cache = FragmentCache(maxBytes: 1 << 20)
        let composed = try #require(cache.selectionID("{\(Self.composed)}"))
        let decomposed = try #require(cache.selectionID("{\(Self.decomposed)}"))
        #expect(composed != decomposed)
        #expect(cache.selectionID("{\(Self.composed)}") == composed)
    }

    @Test func anOperationNameMatchesOnlyByItsBytes() {
        let engine = ExecutionTestSchema.engine()
        // KELVIN SIGN is canonically equivalent to "K", the operation's name.
        let document = "query K { kinds }"
        #expect(String(decoding: engine.execute(query: document, operationName: "K").body, as: UTF8.self)
            == #"{"data":{"kinds":["HUMAN","ROBOT"]}}"#)
        let other = engine.execute(query: document, operationName: "\u{212A}")
        #expect(other.errors.map(\.message) == ["Unknown operation named \"\u{212A}\"."])
        #expect(!other.hasData)
    }

    @Test func anEnumValueMatchesOnlyByItsBytes() {
        let unit = EnumType(name: "Unit", values: [EnumValueDefinition(name: "K")])
        #expect(unit.value(named: "K") != nil)
        #expect(unit.value(named: "\u{212A}") == nil)
    }
}
