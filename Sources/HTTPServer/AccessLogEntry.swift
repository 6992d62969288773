import Dispatch
import HTTP1

/// One response the transport queued, handed to `Server`'s access-log hook:
/// every handled request and every answer the transport makes itself (the
/// router's 404/405/OPTIONS, `503` from a full handler pool, the refusals
/// 400/408/413/414/431/501/505, and `503` past `maxConnections`). The one
/// per-response record: the access log is written from it and the request
/// metrics count it; a handler neither logs nor counts its own requests.
/// The transport makes it in one place, the two constructors below: from a
/// request (handled, or streamed), or for a refusal.
package struct AccessLogEntry: Sendable {
    /// Nil when the request was refused before its head was decoded (a malformed or
    /// oversized head, a header timeout, the connection limit).
    package var method: HTTPMethod?
    /// The target's path, without the query; nil as `method` is.
    package var path: String?
    package var status: Int
    /// Body bytes of the response.
    package var bytes: Int
    /// From the request's complete arrival (the event that read its last byte) to
    /// its response being queued: time waiting for the handler pool, the handler's
    /// time, serialization. Zero for requests refused before they were complete.
    package var duration: Duration
    /// The handler's `HTTPResponse.accessLogDetail` (the GraphQL operation name).
    package var detail: String?
    /// For an answer the transport made itself, what refused the request: the
    /// `HTTPLimits` or `ServerThreads` name (`headerTimeout`, `maxQueuedHandlers`,
    /// `minRequestBodyDataRate`, `maxConnections`, ...) or the `HTTPParseError` case.
    package var refusedBy: String?
    /// The handler answered from its cache (`HTTPResponse.isFromCache`).
    package var cached: Bool
    /// The request's id, as echoed in its `X-Request-ID` (see `RequestID`).
    package var requestID: String
    /// The client's IP address (numeric, no port); nil when it could not be read.
    package var remoteAddress: String?
    /// The request's span when traces are on (`ServerTracing`): the log shows its trace id.
    package var trace: RequestTrace?

    package init(
        method: HTTPMethod?, path: String?, status: Int, bytes: Int, duration: Duration, detail: String? = nil,
        refusedBy: String? = nil, cached: Bool = false, requestID: String = "", remoteAddress: String? = nil,
        trace: RequestTrace? = nil
    ) {
        self.trace = trace
        self.requestID = requestID
        self.remoteAddress = remoteAddress
        self.refusedBy = refusedBy
        self.cached = cached
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.detail = detail
    }
}

extension AccessLogEntry {
    /// The record of an answer to `request`: what it names of the request
    /// (method, path, id, address), never its body, so a stream that keeps its
    /// record for its lifetime keeps only these few strings.
    init(
        _ request: HTTPRequest, status: Int, bytes: Int = 0, started: UInt64, detail: String? = nil, refusedBy: String? = nil,
        cached: Bool = false, trace: RequestTrace? = nil
    ) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- started
        self.init(
            method: request.method, path: String(request.path), status: status, bytes: bytes,
            duration: .nanoseconds(Int64(clamping: elapsed)), detail: detail, refusedBy: refusedBy, cached: cached,
            requestID: request.requestID, remoteAddress: request.remoteAddress, trace: trace)
    }
}

extension AccessLogEntry {
    /// The record of an answer the transport made itself before any handler
    /// (a refused head or body, a timeout, the connection limit): what it knows
    /// of the request (`head`, when decoded), and what refused it.
    static func refusal(
        head: HTTPRequestHead?, status: HTTPStatus, bytes: Int, refusedBy: String?, requestID: String, remoteAddress: String?
    ) -> AccessLogEntry {
        AccessLogEntry(
            method: head?.method, path: head.map { String($0.path) }, status: status.code, bytes: bytes, duration: .zero,
            refusedBy: refusedBy, requestID: requestID, remoteAddress: remoteAddress)
    }
}
