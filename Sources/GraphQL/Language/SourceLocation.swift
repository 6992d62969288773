/// A position in a GraphQL document: 1-based line and column (columns count
/// Unicode scalars, as graphql-js does), and the UTF-8 offset for slicing.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
