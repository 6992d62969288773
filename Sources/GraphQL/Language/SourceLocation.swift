/// A position in a GraphQL document: 1-based line and column (columns count
/// Unicode scalars, as graphql-js does), and the UTF-8 offset for slicing.
package struct SourceLocation: Sendable, Hashable {
    package var line: Int
    package var column: Int
    package var offset: Int

    package init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
