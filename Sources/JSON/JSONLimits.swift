/// Bounds for `JSONParser`, so that a hostile body is rejected with a
/// `JSONParseError` rather than exhausting the stack, memory or time.
package struct JSONLimits: Sendable, Hashable {
    /// Deepest nesting of arrays and objects; bounds the parser's recursion. Default 64.
    package var maxDepth: Int
    /// Largest accepted input, in bytes. Default 1 MiB.
    package var maxBytes: Int

    package init(maxDepth: Int = 64, maxBytes: Int = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}
