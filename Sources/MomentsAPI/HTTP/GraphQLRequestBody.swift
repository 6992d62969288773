import JSON

/// A GraphQL-over-HTTP request's parameters, from a JSON body or a query string.
struct GraphQLRequestBody {
    var query: String
    var variables: JSONObject?
    var operationName: String?

    /// Reads `{"query": ..., "variables": ..., "operationName": ...}`
    /// (`extensions` and unknown members are ignored, as the spec allows).
    init(json: JSONValue) throws(RequestRefusal) {
        guard case .object(let object) = json else {
            throw RequestRefusal(.badRequest, "Request body must be a JSON object.")
        }
        guard case .string(let query) = object["query"] else {
            throw RequestRefusal(.badRequest, "'query' must be a string.")
        }
        self.query = query
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

    /// Reads `?query=...&variables=...&operationName=...` of a GET request.
    init(queryString: Substring?, jsonLimits: JSONLimits) throws(RequestRefusal) {
        let parameters = QueryString.parse(queryString ?? "")
        guard let query = parameters["query"] else {
            throw RequestRefusal(.badRequest, "Missing 'query' parameter.")
        }
        self.query = query
        if let text = parameters["variables"], !text.isEmpty {
            let parsed: JSONValue
            do {
                parsed = try JSONParser.parse(Array(text.utf8), limits: jsonLimits)
            } catch {
                throw RequestRefusal(.badRequest, "The 'variables' parameter is not valid JSON.")
            }
            switch parsed {
            case .null: variables = nil
            case .object(let object): variables = object
            default: throw RequestRefusal(.badRequest, "'variables' must be an object or null.")
            }
        }
        if let name = parameters["operationName"], !name.isEmpty { operationName = name }
    }
}
