/// A libpq connection string as an operator wrote it, to be printed
/// without its passwords: the one place that decides what a secret is, for
/// logs, error messages and pages alike.
///
/// Both of libpq's forms (PostgreSQL docs §34.1.1): the URI
/// `postgresql://user:password@host/db?password=...&sslpassword=...` (query
/// keys in any case, percent-encoded or not), and keyword/value
/// `host=db password=secret` or `password='a \'quoted\' secret'`; a URI given
/// as a keyword's value is read as a URI too.
///
/// Where a string is malformed, more is hidden, never less: the URI's user
/// information runs to its last `@` (a raw `@` or `/` in a password is a
/// common mistake that libpq then misreads as host or port, and quotes in
/// its error), and a password value runs on to the next `name=` parameter
/// (an unquoted `password=my secret` is `my` and a stray `secret` to libpq).
package struct PGConnectionString: Sendable {
    package let text: String
    /// The passwords, as ranges of `text`, in order and not overlapping.
    private let secrets: [Range<String.Index>]

    /// libpq's keywords that hold a secret.
    static let secretKeywords: Set<String> = ["password", "sslpassword"]

    package init(_ text: String) {
        self.text = text
        let found = Self.isURI(text[...]) ? Self.uriSecrets(text[...]) : Self.keywordValueSecrets(text[...])
        secrets = Self.merged(found)
    }

    /// `text` with every password replaced by `***`.
    package var redacted: String {
        var result = ""
        var position = text.startIndex
        for range in secrets {
            result += text[position..<range.lowerBound]
            result += "***"
            position = range.upperBound
        }
        result += text[position...]
        return result
    }

    /// `message` (libpq's, about this string) with any password, or any piece
    /// of one it quotes, replaced by `***`. libpq quotes the part of a
    /// connection string it could not read (`invalid percent-encoded token:
    /// "pa%zz"`, `missing "=" after "secret"`), and that part may be a
    /// password or a fragment of one.
    package func scrub(_ message: String) -> String {
        let forms = secretForms
        guard !forms.isEmpty else { return message }
        let fragments = Set(forms.flatMap { $0.split(whereSeparator: { Self.fragmentSeparators.contains($0) }).map(String.init) })
        var result = ""
        var rest = message[...]
        // Each "quoted" piece: hidden if it is part of a password or holds a fragment of one.
        while let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") {
            let quoted = rest[rest.index(after: open)..<close]
            let secret = !quoted.isEmpty
                && (forms.contains { $0.contains(quoted) } || fragments.contains { quoted.contains($0) })
            result += rest[...open]
            result += secret ? "***" : quoted
            result += "\""
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        // And a whole password anywhere else, longest first (one may contain another).
        for form in forms.sorted(by: { $0.count > $1.count }) {
            result = result.replacing(form, with: "***")
        }
        return result
    }

    private static let fragmentSeparators: Set<Character> = [" ", "\t", "\n", "\r", "@", ":", "/", "?", "&", "=", "'", "\\"]

    /// Each password as written, percent-decoded (a URI's) and unquoted (a keyword value's).
    private var secretForms: [String] {
        var forms = Set<String>()
        for range in secrets {
            let raw = text[range]
            forms.insert(String(raw))
            forms.insert(Self.percentDecoded(raw))
            forms.insert(Self.unquoted(raw))
        }
        forms.remove("")
        return Array(forms)
    }

    // MARK: - Forms

    /// libpq's URI designators, in any case.
    static func isURI(_ text: Substring) -> Bool {
        let lowered = text.prefix(13).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// libpq's connection keywords (PostgreSQL docs §34.1.2), for telling a
    /// keyword/value string from a file name that happens to hold a `=`.
    static let keywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding",
        "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name", "keepalives",
        "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication", "gssencmode",
        "sslmode", "requiressl", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslcertmode", "sslrootcert",
        "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version",
        "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs", "load_balance_hosts",
    ]

    /// Whether `text` is a keyword/value connection string: it opens with
    /// one of libpq's keywords and `=` (`host=db dbname=moments`).
    package static func isKeywordValue(_ text: String) -> Bool {
        let utf8 = text.utf8
        let start = utf8.firstIndex { !isSpace($0) } ?? utf8.endIndex
        let end = utf8[start...].firstIndex { !isKeywordByte($0) } ?? utf8.endIndex
        guard start < end, keywords.contains(String(decoding: utf8[start..<end], as: UTF8.self)) else { return false }
        return utf8[end...].first { !isSpace($0) } == UInt8(ascii: "=")
    }

    // MARK: - URI

    /// The password of the user information, and the values of `password`
    /// and `sslpassword` query parameters.
    static func uriSecrets(_ uri: Substring) -> [Range<String.Index>] {
        let utf8 = uri.utf8
        guard let scheme = uri.firstRange(of: "://") else { return [] }
        let rest = scheme.upperBound
        var ranges: [Range<String.Index>] = []
        // user[:password]@: to the last `@`, see the type's comment.
        if let at = utf8[rest...].lastIndex(of: UInt8(ascii: "@")),
            let colon = utf8[rest..<at].firstIndex(of: UInt8(ascii: ":")) {
            ranges.append(utf8.index(after: colon)..<at)
        }
        // Parameters: every piece after a `?` or `&`, wherever it is (also
        // inside what the user information hid: merged later).
        let separators: Set<UInt8> = [UInt8(ascii: "?"), UInt8(ascii: "&")]
        var pieces: [Range<String.Index>] = []
        var start: String.Index?
        for index in utf8[rest...].indices where separators.contains(utf8[index]) {
            if let start { pieces.append(start..<index) }
            start = utf8.index(after: index)
        }
        if let start { pieces.append(start..<utf8.endIndex) }
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            guard let equals = utf8[piece].firstIndex(of: UInt8(ascii: "=")),
                secretKeywords.contains(percentDecoded(uri[piece.lowerBound..<equals]).lowercased())
            else { continue }
            // `password=a&b`: `b` is no parameter, so still the password.
            var end = piece.upperBound
            while index < pieces.count, !utf8[pieces[index]].contains(UInt8(ascii: "=")) {
                end = pieces[index].upperBound
                index += 1
            }
            ranges.append(utf8.index(after: equals)..<end)
        }
        return ranges
    }

    /// `%XX` sequences as the bytes they stand for; a malformed one as written.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.index(after: utf8.startIndex)]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Keyword/value

    /// The values of the secret keywords (libpq's `conninfo_parse`: spaces
    /// around `=`, a value unquoted to the next space or single-quoted, `\`
    /// escaping the next character in both), and the secrets of a URI given
    /// as any keyword's value.
    static func keywordValueSecrets(_ text: Substring) -> [Range<String.Index>] {
        let utf8 = text.utf8
        var ranges: [Range<String.Index>] = []
        var index = skipSpaces(utf8, from: utf8.startIndex)
        while index < utf8.endIndex {
            let keywordStart = index
            while index < utf8.endIndex, !isSpace(utf8[index]), utf8[index] != UInt8(ascii: "=") { index = utf8.index(after: index) }
            let keyword = String(decoding: utf8[keywordStart..<index], as: UTF8.self).lowercased()
            index = skipSpaces(utf8, from: index)
            // Not `keyword=`: libpq refuses the string; skip the word and go on looking.
            guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "=") else {
                index = skipSpaces(utf8, from: index)
                continue
            }
            index = skipSpaces(utf8, from: utf8.index(after: index))
            let valueStart = index
            index = endOfValue(utf8, from: index)
            if secretKeywords.contains(keyword) {
                // An unquoted space ended the value early: what follows up to the next
                // `keyword=` was meant as the password too.
                var next = skipSpaces(utf8, from: index)
                while next < utf8.endIndex, !startsParameter(utf8, at: next) {
                    index = endOfValue(utf8, from: next)
                    next = skipSpaces(utf8, from: index)
                }
                ranges.append(valueStart..<index)
            } else {
                let value = unquoted(text[valueStart..<index])
                if isURI(value[...]) {
                    // The offsets of the unquoted value, found again in the text when it was not escaped.
                    if let inner = text[valueStart..<index].firstRange(of: value) {
                        ranges += uriSecrets(text[inner])
                    } else {
                        ranges.append(valueStart..<index)
                    }
                }
            }
            index = skipSpaces(utf8, from: index)
        }
        return ranges
    }

    /// The end of a value starting at `index`: past its closing quote, or at
    /// the next unescaped space; the end of the text if unterminated.
    private static func endOfValue(_ utf8: Substring.UTF8View, from start: String.Index) -> String.Index {
        var index = start
        let quoted = index < utf8.endIndex && utf8[index] == UInt8(ascii: "'")
        if quoted { index = utf8.index(after: index) }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\\") {
                index = utf8.index(after: index)
                if index < utf8.endIndex { index = utf8.index(after: index) }
                continue
            }
            if quoted ? byte == UInt8(ascii: "'") : isSpace(byte) {
                return quoted ? utf8.index(after: index) : index
            }
            index = utf8.index(after: index)
        }
        return index
    }

    /// Whether a `keyword =` starts at `index`.
    private static func startsParameter(_ utf8: Substring.UTF8View, at start: String.Index) -> Bool {
        var index = start
        while index < utf8.endIndex, isKeywordByte(utf8[index]) { index = utf8.index(after: index) }
        guard index > start else { return false }
        index = skipSpaces(utf8, from: index)
        return index < utf8.endIndex && utf8[index] == UInt8(ascii: "=")
    }

    /// A value without its quotes and escapes.
    static func unquoted(_ value: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = value.utf8[...]
        if utf8.first == UInt8(ascii: "'") {
            utf8 = utf8.dropFirst()
            if utf8.last == UInt8(ascii: "'") { utf8 = utf8.dropLast() }
        }
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), let escaped = utf8.popFirst() {
                bytes.append(escaped)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func skipSpaces(_ utf8: Substring.UTF8View, from start: String.Index) -> String.Index {
        utf8[start...].firstIndex { !isSpace($0) } ?? utf8.endIndex
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        // libpq's isspace in the C locale.
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isKeywordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Sorted, overlapping or touching ranges joined.
    private static func merged(_ ranges: [Range<String.Index>]) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
