import FoundationEssentials
import HTTP1

/// Who may send a request, decided from its head on the I/O thread before
/// its body is read or `100 Continue` is sent (see docs/security.md):
///
/// - anonymous (no auth secret): every route refuses a `Host` that
///   `HostCheck` does not allow, with `421`;
/// - with a secret: the routes of `protectedPaths` need a valid bearer
///   token, as `/graphql` does, else `401`. `GET`/`HEAD` `/graphql` is left to
///   the GraphQL handler, which checks the same token and also serves the
///   explorer page; `OPTIONS` passes, as browsers send CORS preflights
///   without credentials.
package struct AccessPolicy: HTTPAdmission {
    private let hostCheck: HostCheck?
    private let authenticator: BearerTokenVerifier?
    private let protectedPaths: Set<String>
    private let errorCounters: GraphQLErrorCounters?

    /// - Parameters:
    ///   - hostCheck: nil serves every `Host` (the server has a secret).
    ///   - protectedPaths: exact paths that need a token when `authenticator` is set.
    package init(
        hostCheck: HostCheck?, authenticator: BearerTokenVerifier?, protectedPaths: Set<String>,
        errorCounters: GraphQLErrorCounters? = nil
    ) {
        self.hostCheck = hostCheck
        self.authenticator = authenticator
        self.protectedPaths = protectedPaths
        self.errorCounters = errorCounters
    }

    /// The GraphQL endpoint, whose refusals are GraphQL error documents.
    package static let graphQLPath = "/graphql"

    package func refusal(of head: HTTPRequestHead, peer: String?) -> HTTPResponse? {
        if let hostCheck, !hostCheck.allows(head.headers["Host"]) { return HostCheck.refusal }
        guard let authenticator, head.method != .options else { return nil }
        let path = head.path
        guard protectedPaths.contains(String(path)) else { return nil }
        let isGraphQL = path == Self.graphQLPath
        if isGraphQL, head.method == .get || head.method == .head { return nil }
        guard case .failure(let failure) = authenticator.viewer(of: head.headers) else { return nil }
        guard isGraphQL else { return BearerTokenVerifier.unauthorizedResponse(failure) }
        errorCounters?.count(.unauthenticated)
        let media = GraphQLMediaType.negotiate(accept: head.headers["Accept"])
        return BearerTokenVerifier.unauthorizedResponse(failure, contentType: media.contentType)
    }
}
