import FoundationEssentials
import GraphQL
import HTTP1

extension BearerTokenVerifier {
    /// The request's viewer, from its one `Authorization` header, checked at
    /// the current time.
    func viewer(of request: HTTPRequest) -> Result<Viewer, Failure> {
        let values = request.headers.values("Authorization")
        // Two credentials are ambiguous: which one is the viewer?
        guard values.count <= 1 else { return .failure(.malformed) }
        return verify(authorization: values.first, now: Int64(Date().timeIntervalSince1970))
    }

    /// RFC 6750 §3: `401` with a `WWW-Authenticate: Bearer` challenge, whose
    /// `error="invalid_token"` says a token was sent and refused (§3.1);
    /// `extensions.code` `UNAUTHENTICATED`, as Apollo's servers name it.
    static func unauthorizedResponse(_ failure: Failure, contentType: String) -> HTTPResponse {
        let challenge = failure == .missing
            ? #"Bearer realm="moments""#
            : #"Bearer realm="moments", error="invalid_token""#
        return HTTPResponse(
            status: .unauthorized,
            headers: ["WWW-Authenticate": challenge, "Content-Type": contentType, "Cache-Control": "no-store"],
            body: errorResponseBody([GraphQLError(failure.message, code: .unauthenticated)]))
    }
}
