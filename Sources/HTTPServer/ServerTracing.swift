import HTTP1
import Tracing

/// The transport's part of tracing: one `SERVER` span per request, from its
/// arrival to its response being queued, named and attributed by
/// OpenTelemetry's HTTP semantic conventions. The caller's `traceparent`
/// (through the tracer's `extract`) makes it a child of the caller's span;
/// the handler runs with the span's context as `InstrumentationContext.current`,
/// so every span the layers start below is its descendant, whichever thread
/// they run on.
package struct ServerTracing: Sendable {
    package let tracer: any Tracer
    /// The routed paths: `http.route` and the span's name use one only when
    /// the request's path is one, so a scan of unknown paths makes no new span names.
    package let routes: Set<String>
    /// `METHOD ROUTE` for every known method and route, made once: most requests are sampled out, and their name is never read.
    private let names: [String: [String: String]]

    package init(tracer: any Tracer, routes: Set<String>) {
        self.tracer = tracer
        self.routes = routes
        var names: [String: [String: String]] = [:]
        for route in routes {
            for method in Self.knownMethods { names[route, default: [:]][method] = "\(method) \(route)" }
        }
        self.names = names
    }

    func start(_ request: HTTPRequest) -> any Span {
        var parent = InstrumentationContext.topLevel
        tracer.extract(request.headers, into: &parent, using: HeaderExtractor())
        let path = String(request.path)
        let route = routes.contains(path) ? path : nil
        let method = Self.knownMethods.contains(request.method.rawValue) ? request.method.rawValue : "_OTHER"
        let span = tracer.startSpan(route.flatMap { names[$0]?[method] } ?? method, context: parent, ofKind: .server)
        guard span.isRecording else { return span }
        span.updateAttributes { attributes in
            attributes.set("http.request.method", value: .string(method))
            if method == "_OTHER" { attributes.set("http.request.method_original", value: .string(request.method.rawValue)) }
            attributes.set("url.path", value: .string(path))
            attributes.set("url.scheme", value: .string("http"))
            if let route { attributes.set("http.route", value: .string(route)) }
            attributes.set("network.protocol.version", value: .string(request.version == .http1_0 ? "1.0" : "1.1"))
            if let client = request.remoteAddress { attributes.set("client.address", value: .string(client)) }
            if let agent = request.headers["User-Agent"] { attributes.set("user_agent.original", value: .string(agent)) }
            if !request.requestID.isEmpty {
                attributes.set("http.request.header.x-request-id", value: .stringArray([request.requestID]))
            }
        }
        return span
    }

    /// The response's status and size; 5xx marks the span an error (a 4xx is the client's, per the conventions).
    static func end(_ span: any Span, status: Int, bytes: Int) {
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
    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]
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
