import HTTP1

/// The `Host` names an anonymous server answers for: the defence against DNS
/// rebinding, where a web page rebinds its own name to 127.0.0.1 and then
/// calls the server same-origin (Vite and webpack-dev-server refuse unknown
/// Host names for the same reason).
///
/// Allowed: loopback names (`localhost`, `*.localhost`), any IP literal
/// (IPv4 dotted quad, bracketed IPv6: a rebinding attack needs a name), and
/// the names of `--allowed-hosts`: exact, `.example.com` for the name and its
/// subdomains, or `*` for any. Names are compared as ASCII, case-insensitively,
/// without the port and a final dot.
package struct HostCheck: Sendable, Equatable {
    /// Lowercased, as given (`name`, `.suffix` or `*`).
    package let allowedHosts: [String]

    package init(allowedHosts: [String] = []) {
        self.allowedHosts = allowedHosts.map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether a request with this `Host` value is served. A request without
    /// one (HTTP/1.0) is judged by the address it connected to, which is
    /// always an IP literal (the server listens on addresses, not names), so it is served.
    package func allows(_ host: String?) -> Bool {
        guard let host else { return true }
        var utf8 = Substring(host).utf8[...]
        // The port is not part of the name (the parser checked the field's syntax).
        if utf8.first == UInt8(ascii: "[") {
            // An IPv6 literal (RFC 3986 IP-literal): any is served.
            return utf8.contains(UInt8(ascii: "]"))
        }
        if let colon = utf8.lastIndex(of: UInt8(ascii: ":")) { utf8 = utf8[..<colon] }
        if utf8.last == UInt8(ascii: ".") { utf8 = utf8.dropLast() }
        if Self.isIPv4Literal(utf8) { return true }
        let name = String(decoding: utf8, as: UTF8.self).lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        for allowed in allowedHosts {
            if allowed == "*" || allowed == name { return true }
            if allowed.first == ".", name == allowed.dropFirst() || name.hasSuffix(allowed) { return true }
        }
        return false
    }

    /// Four decimal octets of at most 255 each (`127.0.0.1`, `10.0.0.7`).
    static func isIPv4Literal(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        var octets = 0
        var value = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return false }
                octets += 1
                value = 0
                digits = 0
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return octets == 3 && digits > 0
    }

    /// The answer to a request for another name: `421`, no data, and what to change.
    static let refusal = HTTPResponse(
        status: .misdirectedRequest,
        headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
        body: Array((
            "421 Misdirected Request: this server answers anonymous requests only for loopback names, "
                + "IP addresses and the names of --allowed-hosts (ALLOWED_HOSTS).\n").utf8))
}
