import HTTP1

/// `GET /graphql` for a person: a browser's navigation (its `Accept` names
/// `text/html`, not with `q=0`) without a `query` parameter gets the explorer page
/// (`ExplorerPage`); every other request goes to `next` (the GraphQL
/// handler) exactly as before, so a JSON client's GET without a query still
/// gets its `400`.
package struct ExplorerHandler: HTTPHandler {
    private let next: any HTTPHandler

    package init(next: any HTTPHandler) { self.next = next }

    /// Whether `request` is a browser asking for a page rather than a GraphQL
    /// request: its `Accept` names `text/html` with a weight above zero.
    static func wantsPage(_ request: HTTPRequest) -> Bool {
        guard request.method == .get || request.method == .head, let accept = request.headers["Accept"],
            AcceptElement.elements(of: accept).contains(where: { $0.names("text/html") && $0.q > 0 })
        else { return false }
        guard let query = request.query else { return true }
        // A GET with only an APQ hash (`extensions`) is a GraphQL request too.
        let parameters = QueryString.parse(query)
        return parameters["query"] == nil && parameters["extensions"] == nil
    }

    // The page is a constant: answered on the I/O thread, like `/`.
    package func execution(for request: HTTPRequest) -> HandlerExecution {
        Self.wantsPage(request) ? .inline : next.execution(for: request)
    }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? {
        Self.wantsPage(request) ? nil : next.cachedResponse(to: request)
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        Self.wantsPage(request) ? HTMLPage.response(ExplorerPage.bytes) : next.handle(request)
    }
}
