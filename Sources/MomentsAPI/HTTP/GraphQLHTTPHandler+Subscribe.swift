import GraphQL
import HTTP1
import Moments

/// Subscription operations: a stream of results (docs/api.md, "Live likes").
extension GraphQLHTTPHandler {
    /// Starts the operation's stream in the framing `Accept` names, once the
    /// engine created its source stream (`GraphQLEngine.subscribe`); refuses it by
    /// the stream limits before anything is streamed. A stream opened with a
    /// token ends when the token does (`tokenExpiry`, seconds since 1970).
    func subscribe(
        _ request: HTTPRequest, _ prepared: PreparedDocument, _ operation: OperationDefinition, query: String,
        _ parameters: GraphQLRequestBody, viewer: String?, tokenExpiry: Int64?, deadline: ContinuousClock.Instant
    ) throws(RequestRefusal) -> HTTPResponse {
        // The access log names the stream by its operation.
        let name = operation.name?.value ?? "subscription"
        guard let framing = StreamFraming.negotiate(accept: request.headers["Accept"]) else {
            throw RequestRefusal(
                .notAcceptable,
                "Subscriptions are streamed: send Accept: text/event-stream or multipart/mixed;subscriptionSpec=1.0.",
                code: .badRequest)
        }
        guard let live = liveLikes else {
            throw RequestRefusal(.notAcceptable, "This server streams no subscriptions.", code: .badRequest)
        }
        let context = MomentsContext(services: services, viewerID: viewer)
        context.request = request
        // CreateSourceEventStream (spec §6.2.3.1): the field's `subscribe` resolver
        // checks the viewer and the user; its errors are the stream's only result.
        let created = RequestDeadline.$current.withValue(deadline) {
            graphQLEngine.subscribe(prepared, operationName: parameters.operationName, variables: parameters.variables, context: context)
        }
        let userID: String
        switch created {
        case .stream(let source as MomentLikesSource):
            userID = source.viewerID
        case .stream:
            let errors = [GraphQLError("The subscription did not start.", code: .internalServerError)]
            errorCounters.count(errors)
            return Self.streamResponse(SubscriptionStream.failed(framing: framing, errors: errorArray(errors)), framing, name)
        case .failed(let response):
            errorCounters.count(response.errors)
            return Self.streamResponse(SubscriptionStream.failed(framing: framing, errors: errorArray(response.errors)), framing, name)
        }
        switch live.open(
            framing: framing, viewerID: userID, document: prepared, query: query, operationName: parameters.operationName,
            variables: parameters.variables, expiresAt: tokenExpiry, lastEventID: Self.lastEventID(of: request))
        {
        case .success(let stream):
            return Self.streamResponse(stream, framing, name)
        case .failure(.maxStreams):
            return refusal(.serviceUnavailable, "Too many streams are open on this server (--max-streams \(live.limits.maxStreams)).")
        case .failure(.maxStreamsPerViewer):
            return refusal(.tooManyRequests, "Too many streams are open for this user (--max-streams-per-viewer \(live.limits.maxStreamsPerViewer)).")
        }
    }

    /// The SSE `Last-Event-ID` a reconnecting client sends: the id of the last
    /// event it read. One of more than `maxLastEventIDBytes` is no position of
    /// ours, so it is kept only that long (the stream says it cannot resume).
    private static func lastEventID(of request: HTTPRequest) -> String? {
        guard let value = request.headers["Last-Event-ID"] else { return nil }
        return String(decoding: value.utf8.prefix(maxLastEventIDBytes), as: UTF8.self)
    }

    static let maxLastEventIDBytes = 128

    private static func streamResponse(_ stream: SubscriptionStream, _ framing: StreamFraming, _ name: String) -> HTTPResponse {
        // No cache keeps a stream; proxies are asked not to buffer it (nginx reads X-Accel-Buffering).
        var response = HTTPResponse(
            status: .ok, headers: ["Content-Type": framing.contentType, "Cache-Control": "no-store", "X-Accel-Buffering": "no"])
        response.stream = stream
        response.accessLogDetail = name
        return response
    }

    /// A stream limit's answer, before any event: the status, when to retry, and why.
    private func refusal(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let error = GraphQLError(message, code: .badRequest)
        errorCounters.count([error])
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json; charset=utf-8", "Retry-After": "5"],
            body: errorResponseBody([error]))
    }
}
