import HTTP1

/// How a subscription's results are framed on the wire, chosen by `Accept`.
///
/// - `sse`: the graphql-sse protocol's distinct-connections mode, as GraphQL
///   Yoga serves it: `event: next` per result, `event: complete` at the end,
///   a comment line as heartbeat. A browser's `EventSource` reads it.
/// - `multipart`: Apollo's multipart HTTP subscriptions, as Apollo Router
///   serves Apollo iOS and Kotlin: each part `{"payload": …}` with its own
///   `content-type`, a `{}` part as heartbeat, `--graphql--` at the end.
package enum StreamFraming: Sendable, Equatable {
    case sse
    case multipart

    /// The first element of `Accept` (q above 0) that names a streaming
    /// type: `text/event-stream`, or `multipart/mixed` with
    /// `subscriptionSpec=1.0` (quoted or not); nil when none does.
    package static func negotiate(accept: String?) -> StreamFraming? {
        guard let accept else { return nil }
        for element in accept.split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingOWS.lowercased() }
            guard let essence = parts.first else { continue }
            let parameters = parts.dropFirst().compactMap { parameter -> (String, String)? in
                guard let equals = parameter.firstIndex(of: "=") else { return nil }
                let name = String(parameter[..<equals].trimmingOWS)
                var value = String(parameter[parameter.index(after: equals)...].trimmingOWS)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                return (name, value)
            }
            if parameters.contains(where: { $0.0 == "q" && (Double($0.1) ?? 0) <= 0 }) { continue }
            if essence == "text/event-stream" { return .sse }
            if essence == "multipart/mixed", parameters.contains(where: { $0 == ("subscriptionspec", "1.0") }) { return .multipart }
        }
        return nil
    }

    /// Whether `Accept` asks for incremental delivery (`@defer`) in the
    /// 2022-08-24 format: `multipart/mixed` with `deferSpec=20220824`.
    package static func acceptsIncrementalDelivery(_ accept: String?) -> Bool {
        // Asked of every request: a byte scan first (String's `contains` built a search table each time, 1 % of a timeline request).
        guard let accept, ByteSearch.contains(accept, "deferspec", ignoringCase: true) else { return false }
        for element in accept.split(separator: ",") {
            let parts = element.split(separator: ";").map { String($0.trimmingOWS.lowercased().filter { $0 != "\"" }) }
            if parts.first == "multipart/mixed", parts.contains("deferspec=20220824") { return true }
        }
        return false
    }

    /// The `Content-Type` of an incrementally delivered answer: Apollo's
    /// clients choose their parser by its `deferSpec`.
    static let incrementalContentType = "multipart/mixed;boundary=graphql;deferSpec=20220824"

    /// The parts of an incrementally delivered answer, each a chunk: the
    /// first opens with the boundary, the last closes it.
    static func incrementalParts(_ payloads: [[UInt8]]) -> [[UInt8]] {
        payloads.enumerated().map { index, payload in
            (index == 0 ? Array("\r\n--graphql".utf8) : []) + Array("\r\ncontent-type: application/json\r\n\r\n".utf8) + payload
                + Array((index == payloads.count - 1 ? "\r\n--graphql--\r\n" : "\r\n--graphql").utf8)
        }
    }

    /// The response's `Content-Type`. The multipart one is written as Apollo
    /// Router writes it (`subscriptionSpec=1.0` unquoted): Apollo iOS compares
    /// that parameter as text. The boundary is a token too (`boundary=graphql`,
    /// the same as the quoted form, RFC 9110 §5.6.6): Python's `gql` looks for
    /// that text, and Apollo iOS, Apollo Kotlin (`getBoundaryParameter` trims
    /// quotes) and Apollo Client (`readMultipartBody` strips them) read both.
    var contentType: String {
        switch self {
        case .sse: "text/event-stream; charset=utf-8"
        case .multipart: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0"
        }
    }

    /// One result (`{"data": …}` or `{"errors": …}`); `first`: nothing was
    /// written before. SSE gives it `id` (a position of the change feed,
    /// never holding a line break), which a client sends back as
    /// `Last-Event-ID` when it reconnects; multipart has no such field.
    func result(_ response: [UInt8], first: Bool, id: String? = nil) -> [UInt8] {
        switch self {
        case .sse:
            let field = id.map { Array("id: \($0)\n".utf8) } ?? []
            return field + Array("event: next\ndata: ".utf8) + response + Array("\n\n".utf8)
        case .multipart:
            return part(Array("{\"payload\":".utf8) + response + [UInt8(ascii: "}")], first: first)
        }
    }

    /// A fatal error: the stream ends after it (`end` follows).
    func fatal(_ errors: [UInt8], first: Bool) -> [UInt8] {
        switch self {
        case .sse:
            return result(Array("{\"errors\":".utf8) + errors + [UInt8(ascii: "}")], first: first)
        case .multipart:
            return part(Array("{\"payload\":null,\"errors\":".utf8) + errors + [UInt8(ascii: "}")], first: first)
        }
    }

    /// SSE: an event with only an `id`, which sets the client's last event id
    /// without dispatching anything (WHATWG HTML, "dispatch the event"):
    /// where a stream that saw no result yet resumes from. Multipart: nothing.
    func position(_ id: String) -> [UInt8] {
        switch self {
        case .sse: Array("id: \(id)\n\n".utf8)
        case .multipart: []
        }
    }

    /// Keeps proxies and clients from timing the connection out.
    func heartbeat(first: Bool) -> [UInt8] {
        switch self {
        case .sse: Array(":\n\n".utf8)
        case .multipart: part(Array("{}".utf8), first: first)
        }
    }

    /// The end: graphql-sse's `complete` event, the closing boundary.
    func end(first: Bool) -> [UInt8] {
        switch self {
        case .sse: Array("event: complete\ndata:\n\n".utf8)
        // After a part the boundary is written already: `--` closes it.
        case .multipart: first ? Array("\r\n--graphql--\r\n".utf8) : Array("--\r\n".utf8)
        }
    }

    /// A multipart part and the boundary after it (the first part opens with one too).
    private func part(_ body: [UInt8], first: Bool) -> [UInt8] {
        (first ? Array("\r\n--graphql".utf8) : []) + Array("\r\ncontent-type: application/json\r\n\r\n".utf8) + body
            + Array("\r\n--graphql".utf8)
    }
}
