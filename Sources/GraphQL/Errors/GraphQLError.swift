/// One entry of a response's `errors` list (GraphQL spec §7.1.2).
public struct GraphQLError: Error, Sendable, Hashable {
    public var message: String
    public var locations: [SourceLocation]
    /// Response path of the field that raised it; empty for request errors.
    public var path: [PathComponent]
    public var code: GraphQLErrorCode

    public init(
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
public enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}
