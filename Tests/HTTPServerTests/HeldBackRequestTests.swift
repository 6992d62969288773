#if canImport(Glibc)
import Glibc
#endif
import HTTP1
@testable import HTTPServer
import Testing

/// The race behind a stalled pipelined connection, replayed step by step: the
/// client reads while an event is between a write that blocked and the event's
/// final write, so output drains in that final write. Requests held back by
/// back-pressure were already read from the kernel (no edge will announce
/// them), so that event must answer them itself.
struct HeldBackRequestTests {
    @Test func anEventWhoseFinalWriteDrainsAnswersTheHeldBackRequests() throws {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let (serverFD, peerFD) = (fds[0], fds[1])
        defer { _ = Glibc.close(peerFD) }
        try Socket.setNonBlocking(serverFD)
        try Socket.setNonBlocking(peerFD)

        var router = Router()
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 2 * 1024 * 1024)
        router.add(.get, "/big", execution: .inline) { _ in HTTPResponse(status: .ok, body: big) }
        router.add(.get, "/inline", execution: .inline) { _ in HTTPResponse(status: .ok, contentType: "text/plain", body: "inline") }
        let limits = HTTPLimits(maxPendingOutputBytes: 64 * 1024)
        let context = ConnectionContext(handler: router, limits: limits, accessLog: nil, logger: nil, connectionClosed: { _ in })
        let poller = try Poller()
        defer { poller.invalidate() }
        // The test is the I/O thread: no readiness is delivered while it drives the connection.
        poller.queue.suspend()
        defer { poller.queue.resume() }
        let connection = Connection(fd: serverFD, context: context, poller: poller)
        defer { connection.closeNow() }
        connection.timer.schedule(deadline: .distantFuture)
        connection.timer.activate()
        connection.perform(connection.machine.opened())
        try poller.add(connection)

        let requests = Array("GET /big HTTP/1.1\r\nHost: t\r\n\r\nGET /inline HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        #expect(requests.withUnsafeBytes { Glibc.write(peerFD, $0.baseAddress, $0.count) } == requests.count)
        // Reads both requests; the big answer blocks, so `/inline` is held back in `carry`.
        connection.readable()
        try #require(connection.watchingOutput)
        try #require(!connection.carry.isEmpty)

        var received: [UInt8] = []
        // Each round: the client reads all it can, then the event ends with its final write.
        for _ in 0..<10_000 where !connection.isClosed && connection.outputSent < connection.output.count {
            received += drain(peerFD)
            connection.finishEvent()
        }
        received += drain(peerFD)

        // Ends and tails only: the whole text would flood a failure message.
        #expect(String(decoding: received.prefix(17), as: UTF8.self) == "HTTP/1.1 200 OK\r\n")
        #expect(String(decoding: received.suffix(10), as: UTF8.self) == "\r\n\r\ninline", "the held-back request was never answered")
        #expect(connection.carry.isEmpty)
    }

    /// Every byte the peer socket holds now.
    private func drain(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        for _ in 0..<100_000 {
            let n = scratch.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += scratch[..<n]
        }
        return bytes
    }
}
