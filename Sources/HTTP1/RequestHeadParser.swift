/// Parses a complete request head, `bytes[start..<end]` as found by `HeadScanner` (so it
/// ends with CRLF CRLF and holds no bare LF), in one pass over the bytes. Strings are built
/// once per element, at the end of each element's scan.
///
///     request-line = method SP request-target SP HTTP-version CRLF     (RFC 9112 §3)
///     field-line   = field-name ":" OWS field-value OWS                 (RFC 9112 §5)
///
/// Every scanning loop stops at CR, which is in no accepted byte class, and every line ends
/// with CRLF: so the loops stay inside the head without a bounds test per byte.
enum RequestHeadParser {
    static func parse(
        _ bytes: UnsafeRawBufferPointer, start: Int, end: Int, fieldCount: Int, limits: HTTPLimits
    ) throws(HTTPParseError) -> HTTPRequestHead {
        // Cut at the head's end, so that debug builds trap on any read past it.
        let bytes = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        var i = start

        // method = token
        while ASCII.isTokenChar(bytes[i]) { i &+= 1 }
        let methodEnd = i
        guard bytes[i] == ASCII.space, methodEnd > start else {
            try rejectBareCR(bytes, i)
            throw bytes[i] == ASCII.space || bytes[i] == ASCII.cr ? .invalidRequestLine : .invalidMethod
        }
        let method = HTTPMethod(rawValue: string(bytes, start, methodEnd))
        i &+= 1

        // request-target: any visible byte (and obs-text); its form is checked below.
        let targetStart = i
        while bytes[i] > ASCII.space && bytes[i] != 0x7F { i &+= 1 }
        let targetEnd = i
        guard targetEnd > targetStart, bytes[i] == ASCII.space else {
            try rejectBareCR(bytes, i)
            throw bytes[i] == ASCII.space || bytes[i] == ASCII.cr || targetEnd == targetStart
                ? .invalidRequestLine : .invalidTarget
        }
        i &+= 1

        // HTTP-version = "HTTP/" DIGIT "." DIGIT, then CRLF.
        let version = try parseVersion(bytes, &i, end: end)
        let target = try RequestTarget.normalize(bytes, targetStart, targetEnd, method: method)

        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(fieldCount)
        var special = HeadFields()
        while bytes[i] != ASCII.cr {
            // field-name = token, then ":" with no whitespace before it.
            let nameStart = i
            if ASCII.isWhitespace(bytes[i]) { throw .obsoleteLineFolding }
            while ASCII.isTokenChar(bytes[i]) { i &+= 1 }
            let nameEnd = i
            guard bytes[i] == ASCII.colon, nameEnd > nameStart else {
                if nameEnd > nameStart && ASCII.isWhitespace(bytes[i]) {
                    // "Host : x" is whitespace before the colon; "Foo Bar: x" a name with a space.
                    while ASCII.isWhitespace(bytes[i]) { i &+= 1 }
                    throw bytes[i] == ASCII.colon ? .whitespaceBeforeColon : .invalidFieldName
                }
                if bytes[i] == ASCII.cr && bytes[i &+ 1] != ASCII.lf { throw .bareCarriageReturn }
                throw .invalidFieldName
            }
            i &+= 1
            while ASCII.isWhitespace(bytes[i]) { i &+= 1 }
            let valueStart = i
            var valueEnd = i
            while true {
                let byte = bytes[i]
                if byte == ASCII.cr { break }
                guard ASCII.isFieldValueChar(byte) else { throw .invalidFieldValue }
                i &+= 1
                if byte != ASCII.space && byte != ASCII.tab { valueEnd = i }
            }
            guard bytes[i &+ 1] == ASCII.lf else { throw .bareCarriageReturn }
            i &+= 2
            special.note(bytes, name: nameStart, nameEnd &- nameStart, value: valueStart, valueEnd)
            fields.append((name: string(bytes, nameStart, nameEnd), value: string(bytes, valueStart, valueEnd)))
        }
        guard bytes[i &+ 1] == ASCII.lf else { throw .bareCarriageReturn }

        return try special.head(
            method: method, target: target, version: version, headers: HTTPHeaders(fields), limits: limits)
    }

    private static func parseVersion(
        _ bytes: UnsafeRawBufferPointer, _ i: inout Int, end: Int
    ) throws(HTTPParseError) -> HTTPVersion {
        let v = i
        // The head ends with CRLF CRLF, so if the 8 version bytes and a CR fit before those, the
        // CR at v+8 and its LF are inside the head.
        guard v &+ 10 <= end, bytes[v &+ 8] == ASCII.cr else {
            var j = v
            while bytes[j] != ASCII.cr { j &+= 1 }
            try rejectBareCR(bytes, j)
            throw j == v ? .invalidRequestLine : .invalidVersion
        }
        guard bytes[v &+ 9] == ASCII.lf else { throw .bareCarriageReturn }
        guard bytes[v] == 0x48, bytes[v &+ 1] == 0x54, bytes[v &+ 2] == 0x54, bytes[v &+ 3] == 0x50,
              bytes[v &+ 4] == 0x2F, bytes[v &+ 6] == 0x2E
        else { throw .invalidVersion }
        let major = bytes[v &+ 5], minor = bytes[v &+ 7]
        guard (0x30...0x39).contains(major), (0x30...0x39).contains(minor) else { throw .invalidVersion }
        i = v &+ 10
        switch (major, minor) {
        case (0x31, 0x31): return .http1_1
        case (0x31, 0x30): return .http1_0
        default: throw .unsupportedVersion
        }
    }

    @inline(__always)
    private static func rejectBareCR(_ bytes: UnsafeRawBufferPointer, _ i: Int) throws(HTTPParseError) {
        if bytes[i] == ASCII.cr && bytes[i &+ 1] != ASCII.lf { throw .bareCarriageReturn }
    }

    @inline(__always)
    static func string(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
