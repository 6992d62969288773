import Dispatch
import HTTP1
@testable import HTTPServer
import Locking
import Testing

/// A deferred answer (`HTTPAnswer.deferred`: a like waiting for its commit)
/// holds no handler thread while it waits, so a stalled wait cannot take the
/// pool from the requests that need it; once ready, its rest runs on the pool.
struct DeferredAnswerTests {
    /// The waits of the deferred requests, released by the test.
    final class Waits: Sendable {
        let callbacks = Locked<[@Sendable () -> Void]>([])

        var count: Int { callbacks.withLock { $0.count } }

        func readyAll() {
            for callback in callbacks.withLock({ $0 }) { callback() }
        }
    }

    struct Deferring: HTTPHandler {
        let waits: Waits

        func handle(_ request: HTTPRequest) -> HTTPResponse { answer(request).waitForResponse() }

        func answer(_ request: HTTPRequest) -> HTTPAnswer {
            .deferred(whenReady: { ready in waits.callbacks.withLock { $0.append(ready) } }) {
                .response(HTTPResponse(status: .ok, contentType: "text/plain", body: "committed \(request.query ?? "")"))
            }
        }
    }

    @Test func requestsWaitingToBeReadyLeaveTheOneLaneToOthers() throws {
        var limits = HTTPLimits()
        limits.maxConcurrentHandlers = 1
        limits.spareHandlerThreads = 0
        limits.maxQueuedHandlers = 0
        // Each waits on its lane this long (lent to no spare: there are none), then frees it.
        limits.deferredWaitInPlace = .milliseconds(20)
        let waits = Waits()
        let server = try TestServer(limits: limits) { router in router.add(.get, "/deferred", Deferring(waits: waits)) }
        defer { #expect(server.stop()) }

        // Three deferred requests: on one lane with no queue, a handler that
        // held its lane would leave the second and third a 503.
        // Each is sent once the one before has left the lane.
        let deferred = try (0..<3).map { index in
            let client = try server.client()
            try client.send("GET /deferred?\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(server.waitUntil { waits.count == index + 1 && server.server.handlerLoad?.running == 0 })
            return client
        }
        #expect(server.server.handlerLoad == HandlerPool.Load(running: 0, queued: 0, deferred: 3))
        #expect(server.server.transport.requestsInFlight == 3)

        // The lane is free for another request meanwhile.
        let other = try server.client()
        try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let hello = try other.readResponse()
        #expect(hello.status == 200)
        #expect(hello.text == "hello")

        waits.readyAll()
        for (index, client) in deferred.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "committed \(index)")
        }
        #expect(server.waitUntil { server.server.transport.requestsInFlight == 0 })
    }
}
