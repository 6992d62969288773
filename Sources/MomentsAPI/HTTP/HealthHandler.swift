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

/// `GET /readyz`: 200 only while the database answers a trivial query.
package struct ReadinessHandler: HTTPHandler {
    private let ping: @Sendable () throws -> Void
    /// Lines after `ready` that an operator should see (anonymous access allowed).
    private let notes: [String]

    package init(notes: [String] = [], ping: @escaping @Sendable () throws -> Void) {
        self.ping = ping
        self.notes = notes
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        do {
            try ping()
            let body = (["ready"] + notes).joined(separator: "\n") + "\n"
            return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: body)
        } catch {
            return HTTPResponse(status: .serviceUnavailable, contentType: "text/plain; charset=utf-8", body: "database unavailable\n")
        }
    }
}
