/// The elements of a comma-separated field value (RFC 9110 §5.6.1), each trimmed of OWS,
/// as byte ranges into the head. Empty elements are returned too; callers decide.
struct ListElements {
    private let bytes: UnsafeRawBufferPointer
    private var i: Int
    private let end: Int
    private var done: Bool

    init(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) {
        self.bytes = bytes
        i = start
        self.end = end
        done = false
    }

    mutating func next() -> Range<Int>? {
        guard !done else { return nil }
        var elementEnd = i
        while elementEnd < end && bytes[elementEnd] != ASCII.comma { elementEnd &+= 1 }
        var start = i, stop = elementEnd
        while start < stop && ASCII.isWhitespace(bytes[start]) { start &+= 1 }
        while stop > start && ASCII.isWhitespace(bytes[stop &- 1]) { stop &-= 1 }
        if elementEnd >= end { done = true } else { i = elementEnd &+ 1 }
        return start..<stop
    }
}
