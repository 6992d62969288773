/// A URL as logs, errors and pages may show it: the userinfo
/// (`https://user:secret@host`) becomes `***@`, and each query value `***`
/// (API keys travel there too). libcurl gets the URL itself; nothing else should.
package struct RedactedURL: CustomStringConvertible, Sendable, Equatable {
    package let description: String

    package init(_ url: String) {
        var scalars = Array(url.unicodeScalars)
        // RFC 3986 §3.2: the authority runs from "//" to the next "/", "?" or "#";
        // its userinfo is everything before the last "@" in it.
        let authorityStart = Self.firstIndex(of: "://", in: scalars).map { $0 + 3 } ?? 0
        let authorityEnd = scalars[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.endIndex
        if let at = scalars[authorityStart..<authorityEnd].lastIndex(of: "@") {
            scalars.replaceSubrange(authorityStart..<at, with: "***".unicodeScalars)
        }
        guard let question = scalars.firstIndex(of: "?") else {
            description = String(String.UnicodeScalarView(scalars))
            return
        }
        let queryEnd = scalars[question...].firstIndex(of: "#") ?? scalars.endIndex
        let parameters = scalars[(question + 1)..<queryEnd].split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            guard let equals = parameter.firstIndex(of: "=") else { return parameter.isEmpty ? "" : "***" }
            return String(String.UnicodeScalarView(parameter[..<equals])) + "=***"
        }
        description = String(String.UnicodeScalarView(scalars[...question])) + parameters.joined(separator: "&")
            + String(String.UnicodeScalarView(scalars[queryEnd...]))
    }

    private static func firstIndex(of needle: String, in scalars: [Unicode.Scalar]) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard scalars.count >= pattern.count else { return nil }
        return (0...(scalars.count - pattern.count)).first { scalars[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
