import Crypto
import Dispatch
import GraphQL
import HTTP1
import JSON
import Moments

/// `/graphql` as the GraphQL-over-HTTP specification says: POST with a JSON
/// body, GET with query parameters (queries only), media type negotiation,
/// and status codes by media type.
///
/// With a `ResponseCache`, a query's answer (data, no errors) is kept, and
/// the same request sent again is answered from it on the I/O thread
/// (`cachedResponse(to:)`), the same bytes with the same headers.
package struct GraphQLHTTPHandler: HTTPHandler {
    private let engine: GraphQLEngine
    let services: MomentsServices
    private let jsonLimits: JSONLimits
    let responseCache: ResponseCache?
    private let persistedQueries: PersistedQueryPolicy
    /// With it, every request needs a valid bearer token, and acts as its subject.
    private let authenticator: BearerTokenVerifier?
    let errorCounters: GraphQLErrorCounters
    /// Subscriptions' streams; without it subscription operations are refused.
    let liveLikes: LiveLikes?

    /// The engine, for `subscribe` (in another file).
    var graphQLEngine: GraphQLEngine { engine }

    package init(
        engine: GraphQLEngine, services: MomentsServices, jsonLimits: JSONLimits = JSONLimits(),
        responseCache: ResponseCache? = nil, persistedQueries: PersistedQueryPolicy = PersistedQueryPolicy(),
        authenticator: BearerTokenVerifier? = nil, errorCounters: GraphQLErrorCounters = GraphQLErrorCounters(),
        live: LiveLikes? = nil
    ) {
        self.liveLikes = live
        self.authenticator = authenticator
        self.errorCounters = errorCounters
        self.engine = engine
        self.services = services
        self.jsonLimits = jsonLimits
        self.responseCache = responseCache
        self.persistedQueries = persistedQueries
    }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? {
        // With authentication, answers are kept per viewer (and a request without a valid token is `handle`'s 401).
        var viewer: String?
        if let authenticator {
            guard case .success(let authenticated) = authenticator.viewer(of: request) else { return nil }
            viewer = authenticated.userID
        }
        // Only these bytes are looked up here, on the I/O thread: bytes not
        // seen before are parsed once, by `respond` on a handler thread, which
        // looks up their canonical form. (Aliases are only ever stored by
        // `respond` for requests whose trusted-documents and APQ checks
        // passed, so an alias hit has passed them too.)
        // (A document that mentions `@defer` is never kept, so no hit here can owe an answer in parts.)
        guard let responseCache, let alias = requestKey(request, viewer: viewer) else { return nil }
        let coding = Self.preferredCoding(of: request)
        guard let hit = responseCache.lookup(alias, coding: coding) else { return nil }
        // Not yet kept in that coding, or a GET's tag not yet made: once, on a handler thread (`handle`), never here.
        if hit.coding != coding, Self.isCompressible(hit.plainCount) { return nil }
        if request.method.isGetOrHead, hit.entityTag == nil { return nil }
        return withCachePolicy(cachedAnswer(hit, to: request, coding: coding), for: request)
    }

    /// What a cache between the server and the client may keep (RFC 9111).
    /// With authentication an answer is the viewer's own: `private`, and
    /// `Vary: Authorization` for caches that ignore `private`; one with an
    /// entity tag is `no-cache` (the client's own cache may keep it and must
    /// ask again, `If-None-Match` answered `304`), anything else `no-store`.
    /// Anonymous answers depend on the URL and `Accept` (the media type): a
    /// GET's `200` may be kept by a shared cache for 1 s, the staleness window
    /// the server promises between instances (docs/storage.md), with `Vary:
    /// Accept`; anything else is `no-store`, unless the answer chose its own
    /// (persisted queries' refusals; toggles, which depend on other headers).
    private func withCachePolicy(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
        if authenticator != nil {
            response.headers.set("Cache-Control", response.headers.contains("ETag") ? "private, no-cache" : "private, no-store")
            response.headers.add("Vary", "Authorization")
        } else if request.method.isGetOrHead, !response.headers.contains("Cache-Control") {
            if response.status == .ok {
                response.headers.add("Cache-Control", "public, max-age=1")
                response.headers.add("Vary", "Accept")
            } else {
                response.headers.add("Cache-Control", "no-store")
            }
        }
        if request.method.isGetOrHead, let tag = response.headers["ETag"],
            EntityTag.noneMatch(request.headers.values("If-None-Match"), matches: tag)
        {
            // RFC 9110 §15.4.5: the headers a 200 would carry, no body.
            var notModified = HTTPResponse(status: .notModified, headers: response.headers)
            notModified.headers.remove("Content-Type")
            notModified.accessLogDetail = response.accessLogDetail
            notModified.isFromCache = response.isFromCache
            return notModified
        }
        return response
    }

    /// A kept answer to `request`, which wants it in `coding`: labelled when
    /// the hit is in that coding; otherwise (kept plain only) left for
    /// `encoded` to compress.
    private func cachedAnswer(_ hit: ResponseCache.Hit, to request: HTTPRequest, coding: ContentCoding) -> HTTPResponse {
        let media = GraphQLMediaType.negotiate(accept: request.headers["Accept"])
        var answer = response(.ok, media, hit.body, operationName: hit.operationName)
        if request.method.isGetOrHead, let tag = hit.entityTag { answer.headers.add("ETag", tag) }
        if hit.coding == coding { Self.label(&answer, coding: coding, plainCount: hit.plainCount) }
        answer.isFromCache = true
        return answer
    }

    /// `timeout` after the request's arrival, on the clock deadlines use:
    /// now, less the time since it arrived (read on the arrival's clock).
    static func deadline(of request: HTTPRequest, timeout: Duration) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        guard let arrivedAt = request.arrivedAt else { return now.advanced(by: timeout) }
        let uptime = DispatchTime.now().uptimeNanoseconds
        let waited = uptime > arrivedAt ? uptime - arrivedAt : 0
        return now.advanced(by: timeout - .nanoseconds(Int64(clamping: waited)))
    }

    /// A `200`'s entity tag (RFC 9110 §8.8.3): strong, from the answer's bytes
    /// and its viewer (two viewers' equal answers are not one representation
    /// to a cache keyed by URL): the first 128 bits of their SHA-256.
    static func entityTag(_ body: [UInt8], viewer: String?) -> String {
        var hash = SHA256()
        hash.update(data: viewer.map { viewerPrefix($0) } ?? [])
        hash.update(data: [0])
        hash.update(data: body)
        return "\"" + Base64URL.encode(Array(hash.finalize()).prefix(16)) + "\""
    }

    /// A POST that mentions `mutation` runs ahead of the reads waiting for the
    /// handler pool (`HandlerExecution.pooledAhead`): the app's one mutation is
    /// a like, which spends most of its time waiting for its group commit's
    /// fsync, while its user waits for the confirmation. Decided on the I/O
    /// thread from the bytes alone (at most `maxCachedRequestBytes`), without
    /// parsing: a read that mentions the word in a string or a comment only
    /// changes its place in the queue, and the pool's alternation bounds what
    /// such requests take from the others. A mutation sent as an APQ hash
    /// alone waits in line.
    package func execution(for request: HTTPRequest) -> HandlerExecution {
        guard request.method == .post, request.body.count <= Self.maxCachedRequestBytes else { return .pooled }
        return Self.mentionsMutation(request.body) ? .pooledAhead : .pooled
    }

    /// At most `maxCachedRequestBytes` starts, each compared at most 8 bytes.
    private static func mentionsMutation(_ body: [UInt8]) -> Bool {
        body.withUnsafeBufferPointer { ByteSearch.contains($0, "mutation") }
    }

    /// Requests larger than this are never cached: their lookup would hash
    /// (and on a miss parse) the body on the I/O thread, where a client
    /// sending megabytes could hold up every other connection. The app's
    /// requests are under 1 KiB.
    static let maxCachedRequestBytes = 16 * 1024

    /// The request's bytes as sent, for a POST of JSON or a GET no larger
    /// than `maxCachedRequestBytes`; nil for anything else (answered by
    /// `handle` every time, and never kept).
    private func requestKey(_ request: HTTPRequest, viewer: String?) -> ResponseCache.Key? {
        switch request.method {
        case .post:
            guard request.body.count <= Self.maxCachedRequestBytes,
                  let contentType = request.headers["Content-Type"], isJSON(contentType) else { return nil }
            guard let viewer else { return .request(isPost: true, bytes: request.body) }
            return .request(isPost: true, bytes: Self.viewerPrefix(viewer) + request.body)
        case .get:
            let query = request.query ?? ""
            guard query.utf8.count <= Self.maxCachedRequestBytes else { return nil }
            guard let viewer else { return .request(isPost: false, bytes: query.utf8) }
            return .request(isPost: false, bytes: Self.viewerPrefix(viewer) + Array(query.utf8))
        default:
            return nil
        }
    }

    /// The canonical key: the document's text (as resolved from an APQ hash
    /// or a trusted id), never the hash, so one answer serves both forms.
    private func cacheKey(_ query: String, _ parameters: GraphQLRequestBody, viewer: String?) -> ResponseCache.Key {
        guard let viewer else {
            return ResponseCache.Key(query: query, operationName: parameters.operationName, variables: parameters.variables)
        }
        // Another viewer's answer is never served: the operation name carries the viewer too.
        let name = String(decoding: Self.viewerPrefix(viewer), as: UTF8.self) + (parameters.operationName ?? "")
        return ResponseCache.Key(query: query, operationName: name, variables: parameters.variables)
    }

    /// `<bytes>:<viewer>`: length-prefixed, so no two viewers' keys can meet.
    private static func viewerPrefix(_ viewer: String) -> [UInt8] {
        Array("\(viewer.utf8.count):\(viewer)".utf8)
    }

    /// A like's request waits here for its commit (`LikeService.updateLike`).
    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        withCachePolicy(encoded(uncachedResponse(request), for: request), for: request)
    }

    /// The response before `withCachePolicy`.
    private func uncachedResponse(_ request: HTTPRequest) -> HTTPResponse {
        // The request timeout counts from its arrival: queueing for a handler, body parsing and preparation too.
        let deadline = Self.deadline(of: request, timeout: engine.limits.requestTimeout)
        let media = GraphQLMediaType.negotiate(accept: request.headers["Accept"])
        var viewer: String?
        var tokenExpiry: Int64?
        if let authenticator {
            switch authenticator.viewer(of: request) {
            case .success(let authenticated):
                viewer = authenticated.userID
                tokenExpiry = authenticated.expiresAt
            case .failure(let failure):
                errorCounters.count(.unauthenticated)
                return BearerTokenVerifier.unauthorizedResponse(failure, contentType: media.contentType)
            }
        }
        do {
            return try respond(to: request, media: media, deadline: deadline, viewer: viewer, tokenExpiry: tokenExpiry)
        } catch {
            errorCounters.count(error.code)
            var headers = error.headers
            headers.add("Content-Type", media.contentType)
            let body = errorResponseBody([GraphQLError(error.message, code: error.code)])
            return HTTPResponse(status: error.status, headers: headers, body: body)
        }
    }

    private func respond(
        to request: HTTPRequest, media: GraphQLMediaType, deadline: ContinuousClock.Instant, viewer: String?, tokenExpiry: Int64?
    ) throws(RequestRefusal) -> HTTPResponse {
        guard deadline > .now else {
            // Its time went waiting for a handler: running it now would only answer later than its client waits.
            throw RequestRefusal(
                .serviceUnavailable, "The server could not start this request within its timeout; try again later.",
                code: .serverBusy, headers: Self.retryLater)
        }
        switch try parameters(of: request) {
        case .one(let parameters):
            return try respond(to: request, parameters, media: media, deadline: deadline, viewer: viewer, tokenExpiry: tokenExpiry)
        case .batch(let operations):
            return respond(to: request, batch: operations, media: media, deadline: deadline, viewer: viewer, tokenExpiry: tokenExpiry)
        }
    }

    /// One operation's answer. In a batch (`batched`) it is answered as if
    /// sent alone, except that a subscription is refused, `@defer` is
    /// ignored, and the request's bytes (the whole batch's) are no key of
    /// the response cache. Inside the operation's span when traces are on.
    func respond(
        to request: HTTPRequest, _ parameters: GraphQLRequestBody, media: GraphQLMediaType, deadline: ContinuousClock.Instant,
        viewer: String?, tokenExpiry: Int64?, batched: Bool = false
    ) throws(RequestRefusal) -> HTTPResponse {
        try tracedOperation { span throws(RequestRefusal) in
            try operationResponse(
                to: request, parameters, media: media, deadline: deadline, viewer: viewer, tokenExpiry: tokenExpiry, batched: batched,
                span: span)
        }
    }

    private func operationResponse(
        to request: HTTPRequest, _ parameters: GraphQLRequestBody, media: GraphQLMediaType, deadline: ContinuousClock.Instant,
        viewer: String?, tokenExpiry: Int64?, batched: Bool, span: OperationSpan
    ) throws(RequestRefusal) -> HTTPResponse {
        let isPost = request.method == .post
        let isGet = request.method.isGetOrHead
        // Request errors (parse, validation, variables) are 4xx only for
        // graphql-response+json; legacy application/json clients get 200.
        let requestErrorStatus: HTTPStatus = media == .graphQLResponseJSON ? .badRequest : .ok
        let source = try persistedQueries.resolve(
            query: parameters.query, persistedQuery: parameters.persistedQuery, engine: engine)
        let prepared: PreparedDocument
        if let known = source.prepared {
            prepared = known
        } else {
            switch engine.prepare(source.query, persistedID: source.persistedID) {
            case .success(let document): prepared = document
            case .failure(let failure):
                errorCounters.count(failure.errors)
                span.failed(failure.errors)
                return response(requestErrorStatus, media, errorResponseBody(failure.errors), operationName: parameters.operationName)
            }
        }
        let operation: OperationDefinition
        do {
            operation = try prepared.operation(named: parameters.operationName)
        } catch {
            errorCounters.count(error.code)
            span.failed([error])
            return response(requestErrorStatus, media, errorResponseBody([error]), operationName: parameters.operationName)
        }
        span.named(operation)
        if !isPost && operation.operation == .mutation {
            throw RequestRefusal(.methodNotAllowed, "Mutations can only be sent with POST.", headers: ["Allow": "POST"])
        }
        if operation.operation == .subscription {
            guard !batched else {
                throw RequestRefusal(.badRequest, "A subscription cannot be sent in a batch; send it alone.", code: .badRequest)
            }
            return try subscribe(
                request, prepared, operation, query: source.query, parameters, viewer: viewer, tokenExpiry: tokenExpiry,
                deadline: deadline)
        }
        // Other bytes for a kept answer (other spacing or member order, the
        // hash instead of the text): answered as kept, and these bytes too
        // from now on. Looked up once the document is prepared, so that APQ
        // registers its hash as it would otherwise.
        // `@defer` with an Accept that asks for it: an answer in parts. A
        // document that mentions it is never kept, whatever the Accept, so
        // that cache hits (on the I/O thread) need not read `Accept` at all.
        let mentionsDefer = ByteSearch.contains(source.query, "@defer")
        let deferring = mentionsDefer && !batched && StreamFraming.acceptsIncrementalDelivery(request.headers["Accept"])
        let key = operation.operation == .query && !mentionsDefer ? responseCache.map { _ in cacheKey(source.query, parameters, viewer: viewer) } : nil
        // A batch's bytes name the whole batch: no alias of one of its answers.
        let alias = batched ? nil : requestKey(request, viewer: viewer)
        // A batch's elements are compressed as one answer, never alone.
        let coding = batched ? .identity : Self.preferredCoding(of: request)
        if let responseCache, let key, let hit = responseCache.lookup(key, coding: coding), batched || alias != nil {
            span.answeredFromCache()
            if let alias { responseCache.alias(alias, to: key) }
            guard !batched else { return cachedAnswer(hit, to: request, coding: coding) }
            var hit = hit
            if isGet, hit.entityTag == nil, let plain = hit.coding == .identity ? hit.body : responseCache.lookup(key)?.body {
                // Tagged on the first GET that asks, not when kept: most answers are POSTed and never need one.
                let tag = Self.entityTag(plain, viewer: viewer)
                responseCache.setEntityTag(key, serial: hit.serial, tag)
                hit.entityTag = tag
            }
            return encoded(cachedAnswer(hit, to: request, coding: coding), for: request, kept: (key, hit.serial))
        }
        if !services.storageIsReachable(), Self.needsStorage(operation) {
            // Fail fast, before running anything: a request error (no `data`), which
            // GraphQL over HTTP lets graphql-response+json answer with a 5xx.
            throw RequestRefusal(
                media == .graphQLResponseJSON ? .serviceUnavailable : .ok, ErrorMapping.databaseUnavailable.message,
                code: .databaseUnavailable, headers: Self.retryLater)
        }
        let context = MomentsContext(services: services, viewerID: viewer)
        context.request = request
        let ticket = operation.operation == .query ? responseCache?.ticket() : nil
        // Storage waits end by the request's deadline too (PostgreSQL's, through `RequestDeadline`).
        let result = RequestDeadline.$current.withValue(deadline) {
            engine.execute(
                prepared, operationName: parameters.operationName, variables: parameters.variables, context: context,
                deadline: deadline, incremental: deferring)
        }
        // GET answers a cache may keep carry a tag to revalidate with; a kept answer keeps its tag.
        let cacheable = result.hasData && result.errors.isEmpty && !context.evaluatedToggles
        let tag = cacheable && isGet ? Self.entityTag(result.body, viewer: viewer) : nil
        // A mutation's answer is never kept (no key).
        var serial: UInt64?
        if let responseCache, let key, let ticket, cacheable, batched || alias != nil {
            serial = responseCache.store(
                key, ResponseCache.Hit(body: result.body, operationName: operation.name?.value, entityTag: tag),
                momentIDs: context.likedMomentIDs, ticket: ticket, alias: alias)
        }
        errorCounters.count(result.errors)
        span.failed(result.errors)
        if let payloads = result.incremental {
            return incrementalResponse(payloads, operationName: operation.name?.value)
        }
        var answer = response(result.hasData ? .ok : requestErrorStatus, media, result.body, operationName: operation.name?.value)
        if isGet, let tag { answer.headers.add("ETag", tag) }
        if result.errors.contains(where: { $0.code == .databaseUnavailable }) {
            answer.headers.add("Retry-After", "1")
        }
        if context.evaluatedToggles {
            // Toggles depend on X-Session-ID, the X-App-* headers and the client's
            // address, which no `Vary` can name: no cache may keep them, shared or
            // private (the same client's next request may send other headers).
            answer.headers.add("Cache-Control", "private, no-store")
        }
        guard !batched else { return answer }
        return encoded(answer, for: request, kept: key.flatMap { key in serial.map { (key, $0) } })
    }

    /// An answer delivered incrementally (`@defer`): the initial payload,
    /// then the deferred parts, each a chunk of `multipart/mixed`.
    private func incrementalResponse(_ payloads: IncrementalPayloads, operationName: String?) -> HTTPResponse {
        let parts = StreamFraming.incrementalParts([payloads.initial, payloads.subsequent])
        var answer = HTTPResponse(status: .ok, headers: ["Content-Type": StreamFraming.incrementalContentType, "Cache-Control": "no-store"])
        answer.stream = PayloadStream(parts)
        answer.accessLogDetail = operationName
        return answer
    }

    /// When to try again after `DATABASE_UNAVAILABLE`: the monitor retries
    /// the database every 250 ms, and `Retry-After` counts whole seconds.
    private static let retryLater: HTTPHeaders = ["Retry-After": "1"]

    /// Whether running `operation` may read storage: any root field but
    /// introspection's (`__typename`, `__schema`, `__type`) and
    /// `featureToggles` (the toggle state in memory), or a fragment (not
    /// looked into).
    private static func needsStorage(_ operation: OperationDefinition) -> Bool {
        operation.selectionSet.selections.contains { selection in
            guard case .field(let field) = selection else { return true }
            return !field.name.value.hasPrefix("__") && field.name.value != "featureToggles"
        }
    }

    /// What a request asks: one operation, or a batch of them (a JSON array).
    enum Operations {
        case one(GraphQLRequestBody)
        /// Each element's parameters, or why it cannot run.
        case batch([Result<GraphQLRequestBody, RequestRefusal>])
    }

    /// The GraphQL parameters of a POST's JSON body or of a GET's (or HEAD's) query string.
    private func parameters(of request: HTTPRequest) throws(RequestRefusal) -> Operations {
        switch request.method {
        case .post:
            return try readBody(of: request)
        case .get, .head:
            return .one(try GraphQLRequestBody(queryString: request.query, jsonLimits: jsonLimits))
        default:
            throw RequestRefusal(.methodNotAllowed, "Method \(request.method) is not allowed.", headers: ["Allow": "GET, HEAD, POST, OPTIONS"])
        }
    }

    private func readBody(of request: HTTPRequest) throws(RequestRefusal) -> Operations {
        guard let contentType = request.headers["Content-Type"], isJSON(contentType) else {
            throw RequestRefusal(.unsupportedMediaType, "Content-Type must be application/json.")
        }
        let json: JSONValue
        do {
            json = try request.body.withUnsafeBytes { bytes in try JSONParser.parse(bytes, limits: jsonLimits) }
        } catch {
            throw RequestRefusal(.badRequest, "Request body is not valid JSON.")
        }
        guard case .array(let elements) = json else { return .one(try GraphQLRequestBody(json: json)) }
        return .batch(try Self.batch(elements, limit: engine.limits.maxBatchOperations))
    }

    private func response(_ status: HTTPStatus, _ media: GraphQLMediaType, _ body: [UInt8], operationName: String?) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: ["Content-Type": media.contentType], body: body)
        response.accessLogDetail = operationName
        return response
    }

    /// Whether a Content-Type is JSON (`application/json`, any case, any parameters).
    private func isJSON(_ contentType: String) -> Bool {
        // The common spelling first, without building strings.
        contentType == "application/json" || mediaTypeEssence(contentType) == "application/json"
    }

    /// `application/json; charset=utf-8` -> `application/json`.
    private func mediaTypeEssence(_ value: String) -> String {
        let essence = value.split(separator: ";", maxSplits: 1).first ?? ""
        return essence.trimmingOWS.lowercased()
    }
}
