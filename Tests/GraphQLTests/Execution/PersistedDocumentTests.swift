import Testing

@testable import GraphQL

/// Documents registered under a persisted id (APQ) live in the document
/// cache: found by id while their text is kept, gone with it, charged to the
/// same byte budget.
struct PersistedDocumentTests {
    @Test func aDocumentIsFoundByItsIDOnceRegistered() throws {
        let engine = GraphQLEngine(schema: ExecutionTestSchema.schema)
        #expect(engine.persistedDocument(id: "id-1") == nil)
        _ = try engine.prepare("{ kinds }").get()
        #expect(engine.persistedDocument(id: "id-1") == nil)
        // Registering a document already cached by its text.
        _ = try engine.prepare("{ kinds }", persistedID: "id-1").get()
        #expect(engine.persistedDocument(id: "id-1")?.query == "{ kinds }")
        // A new document registered as it is inserted.
        _ = try engine.prepare("{ a: kinds }", persistedID: "id-2").get()
        #expect(engine.persistedDocument(id: "id-2")?.query == "{ a: kinds }")
    }

    @Test func anInvalidDocumentIsNeverRegistered() {
        let engine = GraphQLEngine(schema: ExecutionTestSchema.schema)
        if case .success = engine.prepare("{ noSuchField }", persistedID: "id") { Issue.record("validated") }
        if case .success = engine.prepare("{ unclosed", persistedID: "id") { Issue.record("parsed") }
        #expect(engine.persistedDocument(id: "id") == nil)
    }

    @Test func theIDIsEvictedWithItsDocumentAndChargedToTheBudget() throws {
        let document = try CacheBoundsTests.prepared("{ kinds }")
        let cache = DocumentCache(capacity: 2, maxBytes: .max)
        cache.insert(document, for: "a", persistedID: "id-a")
        #expect(cache.bytes == document.estimatedBytes + DocumentCache.persistedIDBytes)
        cache.insert(document, for: "b")
        _ = cache.document(for: "b")
        cache.insert(document, for: "c")
        #expect(cache.document(persistedID: "id-a") == nil)
        #expect(cache.bytes == 2 * document.estimatedBytes)
        // Replacing a text's entry drops its id too.
        cache.insert(document, for: "b", persistedID: "id-b")
        cache.insert(document, for: "b")
        #expect(cache.document(persistedID: "id-b") == nil)
        #expect(cache.bytes == 2 * document.estimatedBytes)
    }
}
