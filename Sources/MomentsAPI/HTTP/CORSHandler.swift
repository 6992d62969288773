import HTTP1

/// Which browser origins may call the API (CORS). Empty: no CORS headers at all.
package struct CORSPolicy: Sendable {
    /// Exact origins (`https://studio.example.com`), or `*` for any.
    package var allowedOrigins: [String]
    package var allowedMethods = "GET, POST, OPTIONS"
    package var allowedHeaders = "Content-Type, Accept, x-app-platform, x-app-version, x-os-version"
    /// How long a browser may cache a preflight answer, in seconds.
    package var maxAgeSeconds = 600

    package init(allowedOrigins: [String]) { self.allowedOrigins = allowedOrigins }

    func allows(_ origin: String) -> Bool {
        allowedOrigins.contains("*") || allowedOrigins.contains(origin)
    }
}

/// Answers CORS preflights and adds `Access-Control-Allow-Origin` to responses
/// for allowed origins, on `paths` only; everything else passes through to
/// `next` untouched. Only the API is shared with other origins: the QA
/// page's routes and `/metrics` never are, whatever `--cors-origin` says.
package struct CORSHandler: HTTPHandler {
    private let policy: CORSPolicy
    private let paths: Set<String>
    private let next: any HTTPHandler

    package init(policy: CORSPolicy, paths: Set<String>, next: any HTTPHandler) {
        self.policy = policy
        self.paths = paths
        self.next = next
    }

    package func execution(for request: HTTPRequest) -> HandlerExecution { next.execution(for: request) }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? {
        next.cachedResponse(to: request).map { decorate($0, for: request) }
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard !policy.allowedOrigins.isEmpty, paths.contains(String(request.path)) else { return next.handle(request) }
        if request.method == .options, request.headers.contains("Access-Control-Request-Method"), let origin = request.headers["Origin"], policy.allows(origin) {
            var headers: HTTPHeaders = [
                "Access-Control-Allow-Origin": origin,
                "Access-Control-Allow-Methods": policy.allowedMethods,
                "Access-Control-Allow-Headers": request.headers["Access-Control-Request-Headers"] ?? policy.allowedHeaders,
                "Access-Control-Max-Age": String(policy.maxAgeSeconds),
            ]
            headers.add("Vary", "Origin")
            return HTTPResponse(status: .noContent, headers: headers)
        }
        return decorate(next.handle(request), for: request)
    }

    /// The CORS headers of an answer from `next`, whether handled or cached.
    /// `Vary: Origin` on every answer of a CORS path, with `Origin` or without:
    /// a shared cache that kept one without `Access-Control-Allow-Origin`
    /// must not give it to a browser that needs it, nor the reverse.
    private func decorate(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        guard !policy.allowedOrigins.isEmpty, paths.contains(String(request.path)) else { return response }
        var response = response
        if let origin = request.headers["Origin"], policy.allows(origin) {
            response.headers.set("Access-Control-Allow-Origin", origin)
        }
        response.headers.add("Vary", "Origin")
        return response
    }
}
