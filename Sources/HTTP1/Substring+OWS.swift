extension Substring {
    /// Without leading and trailing optional whitespace (SP and HTAB, RFC 9110 §5.6.3),
    /// as list elements and header parameters are read.
    package var trimmingOWS: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}

extension Substring.UTF8View {
    /// The same, over the bytes (no `Character`s walked).
    package var trimmingOWS: Substring.UTF8View {
        var result = self
        while let first = result.first, ASCII.isWhitespace(first) { result.removeFirst() }
        while let last = result.last, ASCII.isWhitespace(last) { result.removeLast() }
        return result
    }
}
