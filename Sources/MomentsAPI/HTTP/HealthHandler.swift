import HTTP1

/// `GET /healthz`: 200 while the process is up. Never touches the database.
package struct LivenessHandler: HTTPHandler {
    package init() {}
    /// Built once: the probe runs inline on the I/O thread, where building
    /// its headers and body took 1 % of that thread per request (perf, healthz).
    private static let ok = HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: "ok\n")

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        Self.ok
    }
}

/// `GET /readyz`: 200 while the store can serve, 503 with the reason while
/// it cannot (the database unreachable). From state the store keeps, never
/// a query: it answers at once whatever the database does, so it runs
/// inline on the I/O thread and never takes a request's lane.
package struct ReadinessHandler: HTTPHandler {
    /// Why the store cannot serve now; nil when it can.
    private let problem: @Sendable () -> String?
    /// Lines after `ready` that an operator should see (anonymous access allowed).
    private let notes: [String]

    package init(notes: [String] = [], problem: @escaping @Sendable () -> String?) {
        self.problem = problem
        self.notes = notes
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = problem() {
            var response = HTTPResponse(status: .serviceUnavailable, contentType: "text/plain; charset=utf-8", body: "not ready: \(problem)\n")
            response.headers.add("Retry-After", "1")
            return response
        }
        let body = (["ready"] + notes).joined(separator: "\n") + "\n"
        return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: body)
    }
}
