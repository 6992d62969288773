import Dispatch
import HTTP1
import HTTPServer
import Locking
import TestSupport

/// A real `Server` on 127.0.0.1, port 0, with the routes the tests talk to.
final class TestServer: Sendable {
    let server: Server
    let port: Int
    let slowGate = Gate()
    let accessLog = AccessLogRecorder()

    /// A 4 MiB body: far more than the socket buffers hold, so writes block.
    static let bigBody = [UInt8](repeating: UInt8(ascii: "x"), count: 4 * 1024 * 1024)

    /// `routes` adds a test's own routes to the common ones.
    init(limits: HTTPLimits = HTTPLimits(), threads: ServerThreads = ServerThreads(), routes: (inout Router) -> Void = { _ in }) throws {
        var router = Router()
        router.add(.get, "/hello") { _ in HTTPResponse(status: .ok, contentType: "text/plain", body: "hello") }
        router.add(.get, "/inline", execution: .inline) { _ in HTTPResponse(status: .ok, contentType: "text/plain", body: "inline") }
        router.add(.post, "/echo") { request in HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body) }
        router.add(.get, "/target") { request in HTTPResponse(status: .ok, contentType: "text/plain", body: request.target) }
        router.add(.get, "/big") { _ in HTTPResponse(status: .ok, body: TestServer.bigBody) }
        router.add(.get, "/close") { _ in HTTPResponse(status: .ok, headers: ["Connection": "close"], body: Array("bye".utf8)) }
        let gate = slowGate
        router.add(.get, "/slow") { _ in
            gate.arrive()
            gate.waitForRelease()
            return HTTPResponse(status: .ok, contentType: "text/plain", body: "slow")
        }
        routes(&router)
        let log = accessLog
        server = Server(host: "127.0.0.1", port: 0, limits: limits, threads: threads, handler: router, accessLog: { entry in
            log.entries.withLock { $0.append(entry) }
        }, logger: { message in log.messages.withLock { $0.append(message) } })
        port = try server.start().port
    }

    func client(timeout: Duration = .seconds(5)) throws -> RawClient {
        try RawClient(port: port, timeout: timeout)
    }

    /// Stops the server and waits (bounded) for it to finish.
    func stop() -> Bool {
        slowGate.release()
        server.stop()
        return server.waitUntilStopped(timeout: .seconds(10))
    }

    /// Whether a new connection is refused: not accepted, or answered 503 and closed.
    func refusesNewConnections() -> Bool {
        do {
            let client = try RawClient(port: port, timeout: .seconds(2))
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse().status == 503
        } catch {
            return true
        }
    }

    /// Waits until `connectionCount` is `expected`, polling against a deadline.
    func waitForConnectionCount(_ expected: Int, within timeout: Duration = .seconds(5)) -> Bool {
        waitUntil(within: timeout) { server.connectionCount == expected }
    }

    func waitUntil(within timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        eventually(within: timeout, condition)
    }
}

/// Lets a test hold a handler inside `handle` and know when it got there.
final class Gate: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let isReleased = Locked(false)

    func arrive() { arrived.signal() }

    func waitForArrival(timeout: Duration = .seconds(5)) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return arrived.wait(timeout: .now() + .nanoseconds(max(0, nanoseconds))) == .success
    }

    func waitForRelease() {
        if isReleased.withLock({ $0 }) { return }
        _ = released.wait(timeout: .now() + .seconds(30))
    }

    func release() {
        let first = isReleased.withLock { released in
            defer { released = true }
            return !released
        }
        if first { for _ in 0..<16 { released.signal() } }
    }
}

final class AccessLogRecorder: Sendable {
    let entries = Locked<[AccessLogEntry]>([])
    /// What the server's logger hook reported (transport errors).
    let messages = Locked<[String]>([])
}
