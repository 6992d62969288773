import JSON

/// A GraphQL-over-HTTP request's parameters, from a JSON body or a query string.
struct GraphQLRequestBody {
    /// nil only with `persistedQuery`: a hash sent without the text.
    var query: String?
    /// `extensions.persistedQuery` (APQ, or a trusted document's id).
    var persistedQuery: PersistedQueryExtension?
    var variables: JSONObject?
    var operationName: String?

    /// Reads `{"query": ..., "variables": ..., "operationName": ..., "extensions": ...}`.
    /// `extensions` must be an object or null, like `variables` (graphql-http
    /// audits 58B0–58B3: a string, number, boolean or array is `400`); of
    /// its content only `persistedQuery` is read. Unknown members are
    /// ignored, as the spec allows.
    init(json: JSONValue) throws(RequestRefusal) {
        guard case .object(let object) = json else {
            throw RequestRefusal(.badRequest, "Request body must be a JSON object.")
        }
        switch object["extensions"] {
        case nil, .null?: persistedQuery = nil
        case .object(let extensions)?: persistedQuery = PersistedQueryExtension(extensions: extensions)
        default: throw RequestRefusal(.badRequest, "'extensions' must be an object or null.")
        }
        switch object["query"] {
        case .string(let query)?: self.query = query
        // APQ: a hash alone names a document sent before.
        case nil where persistedQuery != nil, .null? where persistedQuery != nil: query = nil
        default: throw RequestRefusal(.badRequest, "'query' must be a string.")
        }
        switch object["variables"] {
        case nil, .null?: variables = nil
        case .object(let variables)?: self.variables = variables
        default: throw RequestRefusal(.badRequest, "'variables' must be an object or null.")
        }
        switch object["operationName"] {
        case nil, .null?: operationName = nil
        case .string(let name)?: operationName = name
        default: throw RequestRefusal(.badRequest, "'operationName' must be a string or null.")
        }
    }

    /// Reads `?query=...&variables=...&operationName=...&extensions=...` of a GET
    /// request; `variables` and `extensions` are JSON text, each an object or null.
    init(queryString: Substring?, jsonLimits: JSONLimits) throws(RequestRefusal) {
        let parameters = QueryString.parse(queryString ?? "")
        // As Apollo's clients send a hash over GET: `extensions` URL-encoded JSON.
        persistedQuery = try Self.jsonObjectParameter("extensions", in: parameters, limits: jsonLimits)
            .flatMap { PersistedQueryExtension(extensions: $0) }
        query = parameters["query"]
        guard query != nil || persistedQuery != nil else {
            throw RequestRefusal(.badRequest, "Missing 'query' parameter.")
        }
        variables = try Self.jsonObjectParameter("variables", in: parameters, limits: jsonLimits)
        if let name = parameters["operationName"], !name.isEmpty { operationName = name }
    }

    /// The query parameter `name` as a JSON object; nil when absent, empty or `null`.
    private static func jsonObjectParameter(
        _ name: String, in parameters: [String: String], limits: JSONLimits
    ) throws(RequestRefusal) -> JSONObject? {
        guard let text = parameters[name], !text.isEmpty else { return nil }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(Array(text.utf8), limits: limits)
        } catch {
            throw RequestRefusal(.badRequest, "The '\(name)' parameter is not valid JSON.")
        }
        switch parsed {
        case .null: return nil
        case .object(let object): return object
        default: throw RequestRefusal(.badRequest, "'\(name)' must be an object or null.")
        }
    }
}
