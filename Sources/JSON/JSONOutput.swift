/// Where JSON bytes are written: an array (`JSONWriter`), or a writer's own
/// buffer (the GraphQL executor's response buffer), so that one escaper
/// (`JSONEscape`) serves them all.
public protocol JSONOutput: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONOutput where Element == UInt8 {
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}
