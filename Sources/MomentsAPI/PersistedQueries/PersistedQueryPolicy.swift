import GraphQL
import Locking

/// Which documents a request may name, and how: its text, an Automatic
/// Persisted Queries hash (Apollo's protocol), or an id from the trusted
/// documents. With neither APQ extension nor trusted documents, a request's
/// text is used as it is, at no cost.
package struct PersistedQueryPolicy: Sendable {
    /// Whether clients may register documents by hash (APQ). Off, a request
    /// with the extension gets `PERSISTED_QUERY_NOT_SUPPORTED`, as from
    /// Apollo Server 4 with `persistedQueries: false`.
    package var automaticPersistedQueries: Bool
    /// When set, only these documents execute; APQ registration is off
    /// (the extension carries a listed id), as in Apollo Router's safelist mode.
    package var trustedDocuments: TrustedDocuments?

    package init(automaticPersistedQueries: Bool = true, trustedDocuments: TrustedDocuments? = nil) {
        self.automaticPersistedQueries = automaticPersistedQueries
        self.trustedDocuments = trustedDocuments
    }

    /// The document a request runs: its text, and when known already its
    /// prepared form, or the id to register it under once it is valid.
    struct Resolved {
        var query: String
        var prepared: PreparedDocument?
        var persistedID: String?
    }

    /// Apollo Server 4's order (requestPipeline.ts, `processGraphQLRequest`):
    /// APQ turned off, then the version (checked when reading the
    /// extension), then a hash alone looked up, or a hash and text compared.
    func resolve(
        query: String?, persistedQuery: PersistedQueryExtension?, engine: GraphQLEngine
    ) throws(RequestRefusal) -> Resolved {
        if let trustedDocuments {
            return Resolved(query: try Self.trusted(query: query, persistedQuery: persistedQuery, in: trustedDocuments))
        }
        guard let persistedQuery else {
            // `GraphQLRequestBody` has a query whenever it has no extension.
            guard let query else { throw RequestRefusal(.badRequest, "'query' must be a string.") }
            return Resolved(query: query)
        }
        guard automaticPersistedQueries else { throw PersistedQueryExtension.notSupported }
        let hash = try persistedQuery.checked()
        if let query {
            guard UTF8Key(sha256Hex(query)) == UTF8Key(hash) else { throw PersistedQueryExtension.hashMismatch }
            return Resolved(query: query, persistedID: hash)
        }
        guard let found = engine.persistedDocument(id: hash) else {
            throw PersistedQueryExtension.notFound
        }
        return Resolved(query: found.query, prepared: found.document)
    }

    /// Apollo Router's safelist (apollo-router
    /// src/services/layers/persisted_queries/mod.rs, and its PR #4887 for
    /// the statuses): an unknown id is `404 PERSISTED_QUERY_NOT_IN_LIST`,
    /// text not listed `403 QUERY_NOT_IN_SAFELIST`, neither cached. The text
    /// is compared byte for byte and never parsed.
    private static func trusted(
        query: String?, persistedQuery: PersistedQueryExtension?, in documents: TrustedDocuments
    ) throws(RequestRefusal) -> String {
        if let persistedQuery {
            let id = try persistedQuery.checked()
            guard let body = documents.body(id: id) else { throw notInList(id: id) }
            // The listed body is the one with this hash: comparing the text is the hash check.
            if let query, UTF8Key(query) != UTF8Key(body) { throw PersistedQueryExtension.hashMismatch }
            return body
        }
        guard let query else { throw RequestRefusal(.badRequest, "'query' must be a string.") }
        guard documents.contains(body: query) else { throw notInSafelist }
        return query
    }

    static func notInList(id: String) -> RequestRefusal {
        // The router quotes the id; an id longer than a SHA-256 is not quoted back.
        let message = id.utf8.count <= 64
            ? "Persisted query '\(id)' not found in the persisted query list"
            : "Persisted query not found in the persisted query list"
        return RequestRefusal(
            .notFound, message, code: .persistedQueryNotInList, headers: PersistedQueryExtension.uncachedHeaders)
    }

    static let notInSafelist = RequestRefusal(
        .forbidden, "The operation body was not found in the persisted query safelist", code: .queryNotInSafelist,
        headers: PersistedQueryExtension.uncachedHeaders)
}
