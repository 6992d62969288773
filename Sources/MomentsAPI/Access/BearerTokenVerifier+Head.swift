import FoundationEssentials
import HTTP1

extension BearerTokenVerifier {
    /// The viewer of a request's head, by the same rules as `viewer(of:)`
    /// (one `Authorization` field, checked at the current time).
    func viewer(of headers: HTTPHeaders) -> Result<Viewer, Failure> {
        let values = headers.values("Authorization")
        guard values.count <= 1 else { return .failure(.malformed) }
        return verify(authorization: values.first, now: Int64(Date().timeIntervalSince1970))
    }

    /// `401` for a route that is not GraphQL (`/metrics`, `/internal/*`): the
    /// same challenge, a plain-text body.
    static func unauthorizedResponse(_ failure: Failure) -> HTTPResponse {
        let challenge = failure == .missing
            ? #"Bearer realm="moments""#
            : #"Bearer realm="moments", error="invalid_token""#
        return HTTPResponse(
            status: .unauthorized,
            headers: [
                "WWW-Authenticate": challenge, "Content-Type": "text/plain; charset=utf-8",
                "Cache-Control": "no-store",
            ],
            body: Array("401 Unauthorized: \(failure.message)\n".utf8))
    }
}
