import HTTP1

/// `GET /`: a short plain page pointing at `/graphql`, for whoever opens the
/// server in a browser or with curl.
public struct RootPageHandler: HTTPHandler {
    private let page: String

    public init(baseURL: String) {
        page = """
            Moments BFF: a GraphQL endpoint for the Moments app.

            POST \(baseURL)/graphql with a JSON body, for example:

              curl -s \(baseURL)/graphql \\
                -H 'Content-Type: application/json' \\
                -d '{"query":"{ getMomentsDetailsByUserID(userID: \\"0\\") { userDetails { name } moments { id title } } }"}'

            GET \(baseURL)/graphql?query=... works for queries too.
            Health: \(baseURL)/healthz   Readiness: \(baseURL)/readyz

            """
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: page)
    }
}
