/// One entry of a response's `errors` list (GraphQL spec §7.1.2).
package struct GraphQLError: Error, Sendable, Hashable {
    package var message: String
    package var locations: [SourceLocation]
    /// Response path of the field that raised it; empty for request errors.
    package var path: [PathComponent]
    package var code: GraphQLErrorCode

    package init(
        _ message: String, locations: [SourceLocation] = [], path: [PathComponent] = [],
        code: GraphQLErrorCode
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }
}

/// A response path segment: a field's response key or a list index.
package enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}
