import HTTP1
import Tracing

/// The transport's part of tracing: one `SERVER` span per request, from its
/// arrival to its response being queued, named and attributed by
/// OpenTelemetry's HTTP semantic conventions. The caller's `traceparent`
/// (through the tracer's `extract`) makes it a child of the caller's span;
/// the handler runs with the span's context as `InstrumentationContext.current`,
/// so every span the layers start below is its descendant, whichever thread
/// they run on.
package final class ServerTracing: Sendable {
    package let tracer: any Tracer
    /// Each routed path with `METHOD ROUTE` for every known method, made
    /// once: `http.route` and the span's name use a route only when the
    /// request's path is one, so a scan of unknown paths makes no new span
    /// names. A handful of routes: compared in turn, which is cheaper than hashing the path.
    private let routes: [(path: String, names: [(method: HTTPMethod, name: String)])]

    package init(tracer: any Tracer, routes: Set<String>) {
        self.tracer = tracer
        self.routes = routes.sorted().map { route in (route, Self.knownMethods.map { ($0, "\($0.rawValue) \(route)") }) }
    }

    /// Most requests are sampled out, so the span is named (and the path read
    /// and its route found) only once it is known to record.
    func start(_ request: HTTPRequest) -> RequestTrace {
        var parent = InstrumentationContext.topLevel
        tracer.extract(request.headers, into: &parent, using: HeaderExtractor())
        let span = tracer.startSpan("HTTP", context: parent, ofKind: .server)
        guard span.isRecording else {
            // A root sampled out, with no caller's trace: nothing to end at the response
            // and no trace to log; its context is all the handler needs.
            guard !parent.isEmpty else {
                let context = span.context
                span.end()
                return .sampledOut(context)
            }
            return .span(RequestSpan(span))
        }
        let known = Self.knownMethods.contains(request.method)
        let method = known ? request.method.rawValue : "_OTHER"
        // Routes are ASCII, which `==` compares byte by byte (and a small string's bytes at once).
        let path = String(request.path)
        let routeNames = routes.first { $0.path == path }?.names
        span.operationName = routeNames?.first { $0.method == request.method }?.name ?? method
        // Set at once, into room for all of them: through `updateAttributes` the
        // dictionary grew four times and was copied once, for every sampled request.
        var attributes = SpanAttributes([String: SpanAttribute](minimumCapacity: 12))
        attributes.set("http.request.method", value: .string(method))
        if !known { attributes.set("http.request.method_original", value: .string(request.method.rawValue)) }
        attributes.set("url.path", value: .string(path))
        attributes.set("url.scheme", value: .string("http"))
        if routeNames != nil { attributes.set("http.route", value: .string(path)) }
        attributes.set("network.protocol.version", value: .string(request.version == .http1_0 ? "1.0" : "1.1"))
        if let client = request.remoteAddress { attributes.set("client.address", value: .string(client)) }
        if let agent = request.headers["User-Agent"] { attributes.set("user_agent.original", value: .string(agent)) }
        if !request.requestID.isEmpty {
            attributes.set("http.request.header.x-request-id", value: .stringArray([request.requestID]))
        }
        span.attributes = attributes
        return .span(RequestSpan(span))
    }

    /// The response's status and size; 5xx marks the span an error (a 4xx is the client's, per the conventions).
    static func end(_ trace: RequestTrace, status: Int, bytes: Int) {
        guard case .span(let request) = trace else { return }
        let span = request.span
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes.set("http.response.status_code", value: .int64(Int64(status)))
                attributes.set("http.response.body.size", value: .int64(Int64(bytes)))
            }
            if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
        }
        span.end()
    }

    /// The methods the conventions name; any other is `_OTHER`, so a client cannot coin span names.
    private static let knownMethods: [HTTPMethod] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]
}

/// A request's trace as the transport's records keep it, a word to copy: its
/// `SERVER` span, or for a sampled-out root only the context its handler
/// runs in (so the layers below know the trace was dropped).
package enum RequestTrace: Sendable {
    case span(RequestSpan)
    case sampledOut(InstrumentationContext)

    /// The context the request's handler runs in.
    var context: InstrumentationContext {
        switch self {
        case .span(let request): request.span.context
        case .sampledOut(let context): context
        }
    }

    /// The span the access log names the trace of; nil for a sampled-out root.
    package var span: (any Span)? {
        guard case .span(let request) = self else { return nil }
        return request.span
    }

    /// Ends the span of a request that is never answered.
    func abandon() {
        if case .span(let request) = self { request.span.end() }
    }
}

/// A request's `SERVER` span, held by reference: one pointer to copy.
package final class RequestSpan: Sendable {
    package let span: any Span

    init(_ span: any Span) { self.span = span }
}

/// W3C Trace Context's headers from a request: `traceparent` only when sent
/// once (two are invalid, §3.2), `tracestate` as one list however many lines it came in.
struct HeaderExtractor: Extractor {
    func extract(key: String, from headers: HTTPHeaders) -> String? {
        let values = headers.values(key)
        if key == "traceparent" { return values.count == 1 ? values[0] : nil }
        return values.isEmpty ? nil : values.joined(separator: ",")
    }
}
