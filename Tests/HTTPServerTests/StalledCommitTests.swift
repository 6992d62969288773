import Dispatch
import HTTP1
@testable import HTTPServer
import Locking
import Testing

/// A like waits for its commit on its own handler thread, inside
/// `HandlerWait.perform`: its lane goes to a spare thread meanwhile, so a
/// commit that stalls (a disk that stops for a second) leaves the pool to the
/// reads, up to `spareHandlerThreads` such waits at once.
struct StalledCommitTests {
    /// Handlers that wait, as a like waits for its commit, until the test releases them.
    final class Stall: Sendable {
        let waiting = Locked(0)
        let release = DispatchSemaphore(value: 0)

        var handler: @Sendable (HTTPRequest) -> HTTPResponse {
            { [self] request in
                HandlerWait.perform {
                    waiting.withLock { $0 += 1 }
                    release.wait()
                }
                return HTTPResponse(status: .ok, contentType: "text/plain", body: "committed \(request.query ?? "")")
            }
        }
    }

    @Test func stalledWaitsLeaveTheOneLaneToOthersUpToTheSpares() throws {
        let threads = ServerThreads(maxConcurrentHandlers: 1, spareHandlerThreads: 3, maxQueuedHandlers: 0)
        let stall = Stall()
        let server = try TestServer(threads: threads) { router in router.add(.get, "/like", stall.handler) }
        defer { #expect(server.stop()) }

        // Three stalled likes on one lane with no queue: a wait that held its
        // lane would leave the second and third a 503.
        let likes = try (0..<3).map { index in
            let client = try server.client()
            try client.send("GET /like?\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(server.waitUntil { stall.waiting.withLock { $0 } == index + 1 })
            return client
        }
        #expect(server.server.transport.requestsInFlight == 3)

        // The lane still serves a read meanwhile.
        let read = try server.client()
        try read.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let hello = try read.readResponse()
        #expect(hello.status == 200)
        #expect(hello.text == "hello")

        for _ in 0..<3 { stall.release.signal() }
        for (index, client) in likes.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "committed \(index)")
        }
        #expect(server.waitUntil { server.server.transport.requestsInFlight == 0 })
    }
}
