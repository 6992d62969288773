import HTTP1
import Logging

/// One access-log line per request: method, path, status, body bytes,
/// handler duration, and the GraphQL operation name when there is one.
public struct AccessLogHandler: HTTPHandler {
    private let next: any HTTPHandler
    private let logger: Logger

    public init(logger: Logger, next: any HTTPHandler) {
        self.next = next
        self.logger = logger
    }

    /// As quick as the handler it wraps: one line to stderr is not blocking work.
    public func isNonBlocking(_ request: HTTPRequest) -> Bool { next.isNonBlocking(request) }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard logger.logLevel <= .info else { return next.handle(request) }
        let start = ContinuousClock.now
        let response = next.handle(request)
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        var line = "\(request.method) \(request.path) \(response.status.code) \(response.body.count)B \(micros)us"
        if let detail = response.accessLogDetail { line += " op=\(detail)" }
        logger.info("\(line)")
        return response
    }
}
