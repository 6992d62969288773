/// The elements of an `Accept` field value (RFC 9110 §12.5.1): each media
/// range with its weight, in order. What content negotiation reads, for
/// `/graphql`'s answer and `/metrics`' format alike.
///
/// Read from the value's bytes, with no string made per element: the app
/// sends `Accept` on every request, and lowercasing and splitting it into
/// strings cost about 1.4% of the server's CPU under load (perf).
package struct AcceptElement: Sendable {
    /// The media range as sent, without surrounding whitespace.
    package let mediaRange: Substring.UTF8View
    /// The `q` parameter: 1 when absent, 0 when unreadable.
    package let q: Double
    /// The element's place among the non-empty elements, from 0.
    package let position: Int

    /// Whether the media range is `lowercaseName`, compared case-insensitively
    /// (media types are, RFC 9110 §8.3.1).
    package func names(_ lowercaseName: StaticString) -> Bool {
        ASCII.equalsLowercased(mediaRange, lowercaseName)
    }

    /// The non-empty elements of `value`. A parameter named `q` (any case,
    /// whitespace around `=` tolerated) sets the weight; the last one wins.
    package static func elements(of value: String) -> [AcceptElement] {
        var elements: [AcceptElement] = []
        for element in value.utf8.split(separator: ASCII.comma) {
            var parameters = element.split(separator: ASCII.semicolon, omittingEmptySubsequences: false)[...]
            guard let first = parameters.popFirst() else { continue }
            var q = 1.0
            for parameter in parameters {
                guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = parameter[..<equals].trimmingOWS
                guard ASCII.equalsLowercased(name, "q") else { continue }
                q = Double(Substring(parameter[parameter.index(after: equals)...].trimmingOWS)) ?? 0
            }
            elements.append(AcceptElement(mediaRange: first.trimmingOWS, q: q, position: elements.count))
        }
        return elements
    }
}
