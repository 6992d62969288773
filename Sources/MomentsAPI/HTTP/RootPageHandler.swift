import HTTP1

/// `GET /`: a short plain page pointing at `/graphql`, for whoever opens the
/// server in a browser or with curl. The examples use the request's `Host`,
/// so they are right behind port mapping too.
package struct RootPageHandler: HTTPHandler {
    package init() {}

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let baseURL = "http://" + (request.headers["Host"] ?? "127.0.0.1:4000")
        let page = """
            Moments BFF: a GraphQL endpoint for the Moments app.

            POST \(baseURL)/graphql with a JSON body, for example:

              curl -s \(baseURL)/graphql \\
                -H 'Content-Type: application/json' \\
                -d '{"query":"{ getMomentsDetailsByUserID(userID: \\"0\\") { userDetails { name } moments { id title } } }"}'

            GET \(baseURL)/graphql?query=... works for queries too.
            Health: \(baseURL)/healthz   Readiness: \(baseURL)/readyz

            """
        return HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: page)
    }
}
