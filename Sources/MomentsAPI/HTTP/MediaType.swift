import HTTP1

/// The response media types of GraphQL over HTTP.
package enum GraphQLMediaType: Sendable, Hashable {
    /// `application/json`: request errors are answered `200` (legacy clients).
    case json
    /// `application/graphql-response+json`: request errors get a `4xx` status.
    case graphQLResponseJSON

    var contentType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .graphQLResponseJSON: "application/graphql-response+json; charset=utf-8"
        }
    }

    /// Picks `application/graphql-response+json` when `Accept` prefers it to
    /// `application/json` (by q-value, then by order); `application/json`
    /// otherwise, including when `Accept` is absent or names neither.
    static func negotiate(accept: String?) -> GraphQLMediaType {
        guard let accept, !accept.isEmpty else { return .json }
        var graphQL: (q: Double, index: Int)?
        var json: (q: Double, index: Int)?
        var wildcard: (q: Double, index: Int)?
        for element in AcceptElement.elements(of: accept) {
            let entry = (q: element.q, index: element.position)
            if element.names("application/graphql-response+json") {
                if graphQL.map({ $0.q < entry.q }) ?? true { graphQL = entry }
            } else if element.names("application/json") {
                if json.map({ $0.q < entry.q }) ?? true { json = entry }
            } else if element.names("*/*") || element.names("application/*") {
                if wildcard.map({ $0.q < entry.q }) ?? true { wildcard = entry }
            }
        }
        let absent = (q: -1.0, index: Int.max)
        let graphQLEntry = graphQL ?? wildcard ?? absent
        let jsonEntry = json ?? wildcard ?? absent
        if graphQLEntry.q > 0,
            graphQLEntry.q > jsonEntry.q || (graphQLEntry.q == jsonEntry.q && graphQLEntry.index < jsonEntry.index)
        {
            return .graphQLResponseJSON
        }
        return .json
    }
}
