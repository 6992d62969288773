/// Bounds on the work the parser does for one document, so that a hostile
/// document is answered with a `GRAPHQL_PARSE_FAILED` error instead of
/// exhausting memory, time or the stack.
package struct ParseLimits: Sendable, Hashable {
    /// Largest accepted document, in UTF-8 bytes. Default 100,000.
    package var maxDocumentBytes: Int
    /// Most tokens (comments excluded) a document may contain, as graphql-js's
    /// `maxTokens` option. Default 10,000.
    package var maxTokens: Int
    /// Deepest nesting of selection sets, list and object values and list
    /// types. Bounds the parser's recursion. Default 64.
    package var maxDepth: Int

    package init(maxDocumentBytes: Int = 100_000, maxTokens: Int = 10_000, maxDepth: Int = 64) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
    }
}
