/// The request-target forms of RFC 9112 §3.2, reduced to what routing needs.
enum RequestTarget {
    ///     origin-form    = absolute-path [ "?" query ]      -> kept
    ///     absolute-form  = absolute-URI                     -> its path and query (§3.2.2: MUST accept)
    ///     authority-form = uri-host ":" port                -> kept, CONNECT only
    ///     asterisk-form  = "*"                              -> kept, OPTIONS only
    static func normalize(
        _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, method: HTTPMethod
    ) throws(HTTPParseError) -> String {
        let first = bytes[start]
        if first == UInt8(ascii: "/") { return RequestHeadParser.string(bytes, start, end) }
        if method == .connect { return RequestHeadParser.string(bytes, start, end) }
        if first == UInt8(ascii: "*") {
            guard end == start &+ 1, method == .options else { throw .invalidTarget }
            return "*"
        }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://" authority.
        guard isAlpha(first) else { throw .invalidTarget }
        var i = start &+ 1
        while i < end && (isAlpha(bytes[i]) || (0x30...0x39).contains(bytes[i]) || bytes[i] == 0x2B
            || bytes[i] == 0x2D || bytes[i] == 0x2E) { i &+= 1 }
        guard i &+ 3 <= end, bytes[i] == ASCII.colon, bytes[i &+ 1] == 0x2F, bytes[i &+ 2] == 0x2F else {
            throw .invalidTarget
        }
        i &+= 3
        while i < end && bytes[i] != 0x2F && bytes[i] != 0x3F { i &+= 1 }
        if i == end { return "/" }
        let rest = RequestHeadParser.string(bytes, i, end)
        return bytes[i] == 0x2F ? rest : "/" + rest
    }

    /// The path of a normalized target: what precedes `?`. Searched as UTF-8:
    /// a Character search walks grapheme boundaries, which showed in per-request profiles.
    static func path(of target: String) -> Substring {
        if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) { target[..<question] } else { target[...] }
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
