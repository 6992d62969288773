import HTTP1
@testable import HTTPServer
import Locking
import Testing
import TestSupport

/// Expensive work cannot starve cheap work: blocking handlers run on a bounded
/// pool with a bounded queue, past which requests get `503` at once, while
/// inline and dedicated routes keep answering.
struct OverloadTests {
    /// A server whose `/block?n` handlers record their start and wait for `gate`;
    /// `/ready` is a dedicated route, `/dedicated-block` one that waits for `gate`.
    final class Fixture: Sendable {
        let gate = Gate()
        /// The queries of `/block` handlers, in the order they started.
        let started = StartLog()
        let server: TestServer

        final class StartLog: Sendable {
            let names = Locked<[String]>([])
        }

        init(threads: ServerThreads) throws {
            let gate = gate
            let started = started
            server = try TestServer(threads: threads) { router in
                router.add(.get, "/block") { request in
                    started.names.withLock { $0.append(String(request.query ?? "")) }
                    gate.arrive()
                    gate.waitForRelease()
                    return HTTPResponse(status: .ok, contentType: "text/plain", body: String(request.query ?? ""))
                }
                router.add(.get, "/ready", execution: .dedicated) { _ in
                    HTTPResponse(status: .ok, contentType: "text/plain", body: "ready")
                }
                router.add(.get, "/dedicated-block", execution: .dedicated) { _ in
                    gate.arrive()
                    gate.waitForRelease()
                    return HTTPResponse(status: .ok, contentType: "text/plain", body: "dedicated")
                }
            }
        }

        /// Sends `GET target` on a new connection.
        func send(_ target: String) throws -> RawClient {
            let client = try server.client()
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return client
        }
    }

    @Test func pastThePoolAndItsQueueRequestsGet503WhileInlineAndDedicatedRoutesAnswer() throws {
        let fixture = try Fixture(threads: ServerThreads(maxConcurrentHandlers: 2, maxQueuedHandlers: 2))
        defer { _ = fixture.server.stop() }
        let running = try ["n=1", "n=2"].map { try fixture.send("/block?\($0)") }
        #expect(fixture.gate.waitForArrival())
        #expect(fixture.gate.waitForArrival())
        // Queued one at a time, so their order is known.
        var queued: [RawClient] = []
        for (index, name) in ["n=3", "n=4"].enumerated() {
            queued.append(try fixture.send("/block?\(name)"))
            let isQueued = fixture.server.waitUntil { fixture.server.server.handlerLoad?.queued == index + 1 }
            #expect(isQueued, "\(name) was not queued")
        }

        let refused = try fixture.send("/block?n=5")
        let busy = try refused.readResponse()
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "1")
        #expect(busy.header("Connection") == nil)  // the connection stays usable
        try refused.send("GET /inline HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try refused.readResponse().text == "inline")

        // Cheap work is not starved: inline and dedicated routes answer at once.
        let other = try fixture.server.client()
        for target in ["/inline", "/ready"] {
            try other.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().status == 200, "\(target)")
        }

        fixture.gate.release()
        for (client, name) in zip(running + queued, ["n=1", "n=2", "n=3", "n=4"]) {
            #expect(try client.readResponse().text == name)
        }
        let started = fixture.started.names.withLock { $0 }
        #expect(Set(started.prefix(2)) == ["n=1", "n=2"])
        // Two lanes take the two queued jobs at once, so the order they record is theirs to race
        // (`queuedRequestsRunInArrivalOrder` checks the order with one lane).
        #expect(Set(started.dropFirst(2)) == ["n=3", "n=4"])
        #expect(!started.contains("n=5"), "a refused request's handler ran")
    }

    @Test func queuedRequestsRunInArrivalOrder() throws {
        let fixture = try Fixture(threads: ServerThreads(maxConcurrentHandlers: 1, maxQueuedHandlers: 3))
        defer { _ = fixture.server.stop() }
        var clients = [try fixture.send("/block?n=1")]
        #expect(fixture.gate.waitForArrival())
        for (index, name) in ["n=2", "n=3", "n=4"].enumerated() {
            clients.append(try fixture.send("/block?\(name)"))
            let isQueued = fixture.server.waitUntil { fixture.server.server.handlerLoad?.queued == index + 1 }
            #expect(isQueued, "\(name) was not queued")
        }
        fixture.gate.release()
        for (client, name) in zip(clients, ["n=1", "n=2", "n=3", "n=4"]) {
            #expect(try client.readResponse().text == name)
        }
        #expect(fixture.started.names.withLock { $0 } == ["n=1", "n=2", "n=3", "n=4"], "one lane takes the queue first in, first out")
    }

    @Test func thePoolRunsItsWholeWidthAtOnce() throws {
        // Eight handlers blocked at once on a two-core machine: each needs its own
        // thread now, not one more per second from the global queue.
        let fixture = try Fixture(threads: ServerThreads(maxConcurrentHandlers: 8))
        defer { _ = fixture.server.stop() }
        let clients = try (1...8).map { try fixture.send("/block?n=\($0)") }
        // The global queue would take about 6 s (one more thread a second);
        // 4 s leaves room for a machine busy with a parallel build or test run.
        let deadline = ContinuousClock.now + .seconds(4)
        for index in 1...8 {
            #expect(fixture.gate.waitForArrival(timeout: max(.zero, deadline - .now)), "handler \(index) never started")
        }
        fixture.gate.release()
        for client in clients { #expect(try client.readResponse().status == 200) }
    }

    @Test func dedicatedRoutesHaveTheirOwnBound() throws {
        let fixture = try Fixture(threads: ServerThreads(maxConcurrentHandlers: 1, maxQueuedHandlers: 0, maxDedicatedHandlers: 1))
        defer { _ = fixture.server.stop() }
        let dedicated = try fixture.send("/dedicated-block")
        #expect(fixture.gate.waitForArrival())
        // The dedicated lane is busy: no queue, 503 at once.
        let second = try fixture.send("/ready")
        let busy = try second.readResponse()
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "1")
        // The pool is separate: its one lane is free.
        let pooled = try fixture.send("/hello")
        #expect(try pooled.readResponse().text == "hello")
        fixture.gate.release()
        #expect(try dedicated.readResponse().text == "dedicated")
    }
}
