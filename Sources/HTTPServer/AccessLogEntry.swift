import HTTP1

/// One answered request, handed to `Server`'s access-log hook after its response is queued.
public struct AccessLogEntry: Sendable {
    public var method: HTTPMethod
    /// The target's path, without the query.
    public var path: String
    public var status: Int
    /// Body bytes of the response.
    public var bytes: Int
    /// From the complete request to the queued response (the handler's time plus serialization).
    public var duration: Duration
}
