import HTTP1

/// Routes by method and exact path (no patterns: we serve a handful of endpoints).
///
/// - unknown path: `404`;
/// - known path, other method: `405` with `Allow` listing the path's methods (RFC 9110 §15.5.6);
/// - `HEAD` is served by the path's `GET` route when it has no `HEAD` route
///   (RFC 9110 §9.3.2; the serializer drops the body and keeps its length);
/// - `OPTIONS` is answered `204` with `Allow` unless a route handles it (RFC 9110 §9.3.7).
///
/// Each route runs where it is declared to (`HandlerExecution`), given with
/// `execution:`; otherwise the route's handler is asked (`execution(for:)`,
/// `.pooled` by default). The answers the
/// router makes itself (404, 405, OPTIONS) run inline.
package struct Router: HTTPHandler {
    /// `execution` nil: ask the handler.
    private typealias Route = (method: HTTPMethod, handler: any HTTPHandler, execution: HandlerExecution?)
    private var routes: [String: [Route]] = [:]
    /// The longest routed path, in bytes: a longer target (one with a query)
    /// cannot name a route as it stands, so it is not hashed whole.
    private var longestPath = 0

    package init() {}

    /// Routes `method` on `path` to `handler`, run where `execution` says:
    /// `.inline` only for handlers that never block and answer in microseconds;
    /// `.dedicated` for a probe that must answer while the pool is saturated;
    /// nil asks the handler.
    package mutating func add(
        _ method: HTTPMethod, _ path: String, execution: HandlerExecution? = nil, _ handler: any HTTPHandler
    ) {
        add(route: (method, handler, execution), path)
    }

    package mutating func add(
        _ method: HTTPMethod, _ path: String, execution: HandlerExecution? = nil,
        _ handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, path, execution: execution, ClosureHandler(handle: handle))
    }

    private mutating func add(route: Route, _ path: String) {
        routes[path, default: []].removeAll { $0.method == route.method }
        routes[path, default: []].append(route)
        longestPath = max(longestPath, path.utf8.count)
    }

    /// Every routed path, sorted (the metrics' `route` label values).
    package var paths: [String] { routes.keys.sorted() }

    package func execution(for request: HTTPRequest) -> HandlerExecution {
        guard let route = route(for: request) else { return .inline }  // answered by the router itself
        return route.execution ?? route.handler.execution(for: request)
    }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? {
        route(for: request)?.handler.cachedResponse(to: request)
    }

    /// The route that `handle` calls for `request`, if any.
    private func route(for request: HTTPRequest) -> Route? {
        if request.method == .options, request.target == "*" { return nil }
        guard let pathRoutes = routes(for: request) else { return nil }
        if let route = pathRoutes.first(where: { $0.method == request.method }) { return route }
        if request.method == .head { return pathRoutes.first { $0.method == .get } }
        return nil
    }

    /// The routes of the request's path. A target that is a routed path as
    /// it stands (no query: a route's path has no `?`) is looked up without
    /// cutting its path out first; the router is asked up to three times per
    /// request (`cachedResponse`, `execution`, `answer`), and the cut was a
    /// scan and a copy each time (perf, healthz: 1 % of the I/O thread).
    private func routes(for request: HTTPRequest) -> [Route]? {
        if request.target.utf8.count <= longestPath, let direct = routes[request.target] { return direct }
        return routes[String(request.path)]
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == .options, request.target == "*" {
            return HTTPResponse(status: .noContent, headers: ["Allow": allMethods.joined(separator: ", ")])
        }
        guard let pathRoutes = routes(for: request) else {
            return plain(.notFound)
        }
        if let route = pathRoutes.first(where: { $0.method == request.method }) {
            return route.handler.handle(request)
        }
        if request.method == .head, let get = pathRoutes.first(where: { $0.method == .get }) {
            return get.handler.handle(request)
        }
        let allow = Self.allowed(pathRoutes.map(\.method)).joined(separator: ", ")
        if request.method == .options {
            return HTTPResponse(status: .noContent, headers: ["Allow": allow])
        }
        var response = plain(.methodNotAllowed)
        response.headers.add("Allow", allow)
        return response
    }

    /// The methods a path answers: its routes, HEAD where GET is routed, and OPTIONS.
    private static func allowed(_ methods: [HTTPMethod]) -> [String] {
        var result = methods.map(\.rawValue)
        if methods.contains(.get), !methods.contains(.head) { result.append(HTTPMethod.head.rawValue) }
        if !methods.contains(.options) { result.append(HTTPMethod.options.rawValue) }
        return result
    }

    private var allMethods: [String] {
        var seen: [String] = []
        for route in routes.values.joined() where !seen.contains(route.method.rawValue) {
            seen.append(route.method.rawValue)
        }
        return Self.allowed(seen.map { HTTPMethod($0) })
    }

    private func plain(_ status: HTTPStatus) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: "\(status.code) \(status.reasonPhrase)\n")
    }
}

/// A handler from a closure, for routes written inline.
package struct ClosureHandler: HTTPHandler {
    let handle: @Sendable (HTTPRequest) -> HTTPResponse

    package init(handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handle = handle
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        handle(request)
    }
}
