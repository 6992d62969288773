import Foundation
import Testing
import TestSupport

/// Live likes (`subscription { momentLikesChanged }`, issue 29) through the
/// real server and real clients: curl, Python's `http.client`, raw sockets.
/// A like made by a second request shows as an event on each transport, the
/// limits answer before any event, shutdown ends every stream, and a client
/// that stops reading is cut without growing the server.
///
/// Serialized: its deadlines (an event within 2 s, a heartbeat within 2 s,
/// a cut within a few seconds) are the feature's, and two cores shared by
/// several servers and clients at once would measure the machine instead.
/// Synchronous (raw sockets, blocking waits), except where nothing is timed:
/// once a test runs it keeps its thread. An `async` test resumes only when
/// one of the run's shared threads (two here) is free, and under the whole
/// suite one waited a minute between opening a stream and liking.
@Suite(.serialized) struct LiveLikesTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    // MARK: Real clients

    @Test func curlReadsALikeAsAnSSEEventAndTheCompleteEventAtShutdown() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let curl = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "0"))
        // The stream is registered before its head is sent.
        try #require(curl.waitFor(within: .seconds(10)) { $0.head != nil }, "\(curl.errorText)")
        #expect(curl.head?.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "\(curl.head ?? "") \(curl.errorText)")
        #expect(curl.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(curl.header("Transfer-Encoding") == "chunked")

        try Self.like(port: server.port, moment: "4", isLiked: true)
        let event = "event: next\ndata: \(Self.moment4(isLiked: true))"
        #expect(curl.waitFor(within: .seconds(2)) { Self.sseBlocks($0.body) == [event] }, "\(curl.body)")

        #expect(server.stop() == 0)
        #expect(curl.waitForExit(within: .seconds(10)) == 0, "\(curl.errorText)")
        #expect(curl.body.hasSuffix("\n\nevent: complete\ndata:\n\n"))
        #expect(Self.sseBlocks(curl.body) == [event, "event: complete\ndata:"])
        // One access line for the stream, written at its end: completed, not cut.
        #expect(server.waitForStderrLine { $0.hasSuffix(": stopped") } != nil)
        let logged = server.stderrLines.filter { $0.contains("stream events=") }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("POST /graphql 200 ") == true)
        #expect(logged.first?.contains("stream events=1 ") == true, "\(logged)")
        #expect(logged.first?.contains(" cut") == false)
    }

    /// The store's change feed tells live likes whatever the caches' settings.
    @Test func aLikeIsHeardWithTheCachesOff() throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--cache-timelines", "0", "--response-cache-bytes", "0"])
        let (client, head) = try Self.rawSubscribe(port: server.port, userID: "0")
        defer { client.close() }
        #expect(head.status == 200)
        try Self.like(port: server.port, moment: "4", isLiked: true)
        client.setTimeout(.seconds(5))
        #expect(client.read(until: Self.moment4(isLiked: true)), "no event with the read cache off")
        #expect(server.stop() == 0)
        let body = try client.readUntilClose()
        #expect(body.contains(Self.moment4(isLiked: true)), "\(body)")
    }

    @Test func curlReadsALikeAsAMultipartPartAndTheClosingBoundaryAtShutdown() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let curl = try StreamingClient.curl(
            port: server.port, accept: "multipart/mixed;subscriptionSpec=1.0", body: Self.subscription(userID: "0"))
        try #require(curl.waitFor(within: .seconds(10)) { $0.head != nil }, "\(curl.errorText)")
        #expect(curl.head?.hasPrefix("HTTP/1.1 200 OK\r\n") == true, "\(curl.head ?? "") \(curl.errorText)")
        #expect(curl.header("Content-Type") == #"multipart/mixed;boundary=graphql;subscriptionSpec=1.0"#)
        #expect(curl.header("Transfer-Encoding") == "chunked")

        try Self.like(port: server.port, moment: "4", isLiked: true)
        let payload = #"{"payload":\#(Self.moment4(isLiked: true))}"#
        let firstPart = "\r\n--graphql" + Self.partHeader + payload + "\r\n--graphql"
        #expect(curl.waitFor(within: .seconds(2)) { $0.body == firstPart }, "\(curl.body)")

        #expect(server.stop() == 0)
        #expect(curl.waitForExit(within: .seconds(10)) == 0, "\(curl.errorText)")
        #expect(curl.body.hasSuffix("\r\n--graphql--\r\n"))
        #expect(Self.multipartParts(curl.body) == [payload], "\(curl.body)")
    }

    @Test func pythonHTTPClientReadsEachLikeAsItHappens() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let python = try StreamingClient("python3", ["-c", Self.pythonReader, String(server.port), Self.subscription(userID: "0")])
        // getresponse() returned: the head is in, so the stream is registered.
        let status = "status 200 text/event-stream; charset=utf-8"
        try #require(python.waitFor(within: .seconds(10)) { $0.text.hasPrefix(status + "\n") }, "\(python.errorText)")
        func lines() -> [String] { python.text.split(separator: "\n").map(String.init) }

        let liked = "data: \(Self.moment4(isLiked: true))"
        let unliked = "data: \(Self.moment4(isLiked: false))"
        try Self.like(port: server.port, moment: "4", isLiked: true)
        // The first event is read before the second like is sent.
        #expect(python.waitFor(within: .seconds(2)) { _ in lines() == [status, liked] }, "\(lines())")
        try Self.like(port: server.port, moment: "4", isLiked: false)
        #expect(python.waitFor(within: .seconds(2)) { _ in lines() == [status, liked, unliked] }, "\(lines())")

        #expect(server.stop() == 0)
        #expect(python.waitForExit(within: .seconds(10)) == 0, "\(python.errorText)")
        #expect(lines() == [status, liked, unliked, "complete", "end"])
    }

    // MARK: Another program's writes

    /// A stream follows the moments on its viewer's newest page; which those
    /// are is remembered, so a like of another costs a lookup. Another
    /// program's write makes the server forget it: a moment posted so, once
    /// the server shows it, is followed like any other.
    @Test func aMomentAnotherProgramPostsIsFollowedOnceTheServerShowsIt() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let curl = try StreamingClient.curl(
            port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "0", selection: "id isLiked"))
        try #require(curl.waitFor(within: .seconds(10)) { $0.head != nil }, "\(curl.errorText)")
        func event(_ momentID: String) -> String {
            #"event: next\#ndata: {"data":{"momentLikesChanged":{"id":"\#(momentID)","isLiked":true}}}"#
        }
        try Self.like(port: server.port, moment: "4", isLiked: true)
        #expect(curl.waitFor(within: .seconds(2)) { Self.sseBlocks($0.body) == [event("4")] }, "\(curl.body)")

        let now = Int(Date().timeIntervalSince1970)
        try writeAsAnotherProgram(
            "INSERT INTO moments VALUES ('outside', '0', 'URL', NULL, 'https://example.com/o', \(now + 60))",
            databasePath: directory.databasePath)
        // Shown once noticed: SQLite's next check of the file, PostgreSQL's NOTIFY.
        #expect(eventually(within: .seconds(10)) { (try? Self.newestMoment(port: server.port, userID: "0")) == "outside" })
        try Self.like(port: server.port, moment: "outside", isLiked: true)
        #expect(curl.waitFor(within: .seconds(2)) { Self.sseBlocks($0.body) == [event("4"), event("outside")] }, "\(curl.body)")
        #expect(server.stop() == 0)
        #expect(curl.waitForExit(within: .seconds(10)) == 0)
    }

    // MARK: Heartbeats

    @Test func heartbeatsKeepASilentStreamTalking() throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--stream-heartbeat", "0.2"])
        let body = Self.subscription(userID: "0")
        let sse = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: body)
        let multipart = try StreamingClient.curl(port: server.port, accept: "multipart/mixed;subscriptionSpec=1.0", body: body)
        try #require(sse.waitFor(within: .seconds(10)) { $0.head != nil }, "\(sse.errorText)")
        try #require(multipart.waitFor(within: .seconds(10)) { $0.head != nil }, "\(multipart.errorText)")
        let multipartOpened = ContinuousClock.now

        // SSE: a comment line after --stream-heartbeat of silence, nothing else but the starting position.
        #expect(sse.waitFor(within: .seconds(2)) { Self.afterStartingPosition($0.body).hasPrefix(":\n\n") }, "\(sse.body)")
        #expect(Self.sseBlocks(sse.body) == [])
        // Multipart: a {} part after Apollo Router's fixed 5 s, not --stream-heartbeat.
        let heartbeatPart = "\r\n--graphql" + Self.partHeader + "{}\r\n--graphql"
        #expect(multipart.waitFor(within: .seconds(8)) { $0.body.hasPrefix(heartbeatPart) }, "\(multipart.body)")
        #expect(ContinuousClock.now - multipartOpened > .seconds(4))

        #expect(server.stop() == 0)
        #expect(sse.waitForExit(within: .seconds(10)) == 0)
        #expect(multipart.waitForExit(within: .seconds(10)) == 0)
        #expect(Self.sseBlocks(sse.body) == ["event: complete\ndata:"], "\(sse.body)")
        #expect(Self.multipartParts(multipart.body) == [], "\(multipart.body)")
    }

    @Test func aSilentStreamOutlivesTheIdleTimeout() throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--idle-timeout", "0.3", "--stream-heartbeat", "3600"])
        let curl = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "0"))
        try #require(curl.waitFor(within: .seconds(10)) { $0.head != nil }, "\(curl.errorText)")
        // Five idle timeouts of silence: the stream stays open, and a like still reaches it.
        #expect(!curl.waitFor(within: .milliseconds(1_500)) { $0.hasExited }, "\(curl.errorText)")
        #expect(try Self.metric("moments_streams_open", of: server) == 1)
        try Self.like(port: server.port, moment: "4", isLiked: true)
        let event = "event: next\ndata: \(Self.moment4(isLiked: true))"
        #expect(curl.waitFor(within: .seconds(2)) { Self.sseBlocks($0.body) == [event] }, "\(curl.body)")
        #expect(server.stop() == 0)
        #expect(curl.waitForExit(within: .seconds(10)) == 0)
    }

    // MARK: Limits

    @Test func pastMaxStreamsA503WithRetryAfterBeforeAnyEvent() throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--max-streams", "1"])
        let (accepted, opened) = try Self.rawSubscribe(port: server.port, userID: "0")
        #expect(opened.status == 200)
        let (refusedClient, refused) = try Self.rawSubscribe(port: server.port, userID: "1")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "5")
        #expect(refused.header("Content-Type") == "application/json; charset=utf-8")
        #expect(refused.header("Transfer-Encoding") == nil)
        let answer = try Self.object(refused.text)
        #expect(answer["data"] == nil)
        let message = (answer["errors"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message?.contains("--max-streams 1") == true, "\(refused.text)")

        // A like reaches the open stream; the refused connection gets no event after its answer.
        try Self.like(port: server.port, moment: "4", isLiked: true)
        accepted.setTimeout(.seconds(2))
        #expect(accepted.read(until: "momentLikesChanged"))
        #expect(!refusedClient.waitForReadable(within: .zero))
        #expect(try Self.metric("moments_streams_open", of: server) == 1)
        #expect(try Self.metric("moments_streams_refused_total", of: server) == 1)
        // Closed first: the server would wait out its lingering close of each.
        accepted.close()
        refusedClient.close()
        #expect(server.stop() == 0)
    }

    @Test func pastMaxStreamsPerViewerA429ForThatUserOnly() throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--max-streams", "10", "--max-streams-per-viewer", "1"])
        let (first, opened) = try Self.rawSubscribe(port: server.port, userID: "0")
        #expect(opened.status == 200)
        let (_, refused) = try Self.rawSubscribe(port: server.port, userID: "0")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "5")
        #expect(refused.header("Content-Type") == "application/json; charset=utf-8")
        #expect(!refused.text.contains("event:"))
        #expect(Self.firstErrorCode(try Self.object(refused.text)) != nil, "\(refused.text)")
        let other = try Self.rawSubscribe(port: server.port, userID: "1")
        #expect(other.head.status == 200)
        #expect(other.head.header("Content-Type") == "text/event-stream; charset=utf-8")

        // User 0's slot is free again once their stream's client leaves.
        first.close()
        #expect(eventually { (try? Self.metric("moments_streams_open", of: server)) == 1 })
        let again = try Self.rawSubscribe(port: server.port, userID: "0")
        #expect(again.head.status == 200)
        #expect(try Self.metric("moments_streams_open", of: server) == 2)
        #expect(try Self.metric("moments_streams_refused_total", of: server) == 1)
        other.client.close()
        again.client.close()
        #expect(server.stop() == 0)
    }

    // MARK: Refusals

    @Test func anUnknownUserIsOneNotFoundResultThenTheEnd() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        // SSE over POST: one `next` with the error, then `complete`; the response ends by itself.
        let sse = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "nobody"))
        #expect(sse.waitForExit(within: .seconds(10)) == 0, "\(sse.errorText)")
        #expect(sse.head?.hasPrefix("HTTP/1.1 200 OK\r\n") == true)
        let blocks = try #require(Self.sseBlocks(sse.body), "\(sse.body)")
        #expect(blocks.count == 2)
        #expect(blocks.last == "event: complete\ndata:")
        let next = try #require(blocks.first)
        try #require(next.hasPrefix("event: next\ndata: "), "\(next)")
        let result = try Self.object(next.dropFirst("event: next\ndata: ".count))
        #expect(result["data"] == nil)
        #expect(Self.firstErrorCode(result) == "NOT_FOUND", "\(next)")

        // Multipart over GET (subscriptionSpec quoted): the fatal-error part, then the closing boundary.
        let multipart = try StreamingClient.curl(accept: #"multipart/mixed;subscriptionSpec="1.0""#, [
            "-G", "--data-urlencode", #"query=subscription { momentLikesChanged(userID: "nobody") { id isLiked } }"#,
            "http://127.0.0.1:\(server.port)/graphql",
        ])
        #expect(multipart.waitForExit(within: .seconds(10)) == 0, "\(multipart.errorText)")
        #expect(multipart.header("Content-Type") == #"multipart/mixed;boundary=graphql;subscriptionSpec=1.0"#)
        #expect(multipart.body.hasSuffix("\r\n--graphql--\r\n"))
        let parts = try #require(Self.multipartParts(multipart.body), "\(multipart.body)")
        #expect(parts.count == 1)
        let part = try Self.object(try #require(parts.first))
        #expect(part["payload"] is NSNull)
        #expect(Self.firstErrorCode(part) == "NOT_FOUND", "\(parts)")
        #expect(try Self.metric("moments_streams_open", of: server) == 0)
        #expect(server.stop() == 0)
    }

    @Test func aSubscriptionAskedForAsJSONIs406() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        let post = try await client.post(body: Data(Self.subscription(userID: "0").utf8), headers: ["Accept": "application/json"])
        let get = try await client.get("/graphql", query: ["query": #"subscription { momentLikesChanged(userID: "0") { id } }"#],
            headers: ["Accept": "application/json"])
        for reply in [post, get] {
            #expect(reply.status == 406)
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
            let message = (try reply.json["errors"] as? [[String: Any]])?.first?["message"] as? String
            #expect(message?.contains("text/event-stream") == true, "\(reply.text)")
        }
        #expect(try Self.metric("moments_streams_open", of: server) == 0)
        #expect(server.stop() == 0)
    }

    // MARK: A client that stops reading

    @Test func aClientThatStopsReadingIsCutWithinTheWriteTimeoutWhileEventsKeepComing() throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath,
            arguments: ["--write-timeout", "1", "--min-response-rate", "1000000", "--data-rate-grace", "0.5"])
        let (stalled, head) = try Self.rawSubscribe(
            port: server.port, userID: "0", selection: Self.heavySelection, receiveBuffer: 4096)
        #expect(head.status == 200)
        // A client that reads as fast as it can, on the same server, through all of it.
        let reader = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "0"))
        try #require(reader.waitFor(within: .seconds(10)) { $0.head != nil }, "\(reader.errorText)")
        #expect(try Self.metric("moments_streams_open", of: server) == 2)
        let residentBefore = try Self.residentBytes(of: server.process.processIdentifier)

        var likes = LikeToggler()
        try #require(try Self.likeUntilBlocked(server, &likes), "the stalled stream's socket never filled")
        // Likes go on, each coalesced into the stalled stream's backlog; none may put its cut off.
        let blocked = ContinuousClock.now
        var open = 2.0
        while open == 2, ContinuousClock.now - blocked < .seconds(10) {
            try likes.next(port: server.port)
            open = try Self.metric("moments_streams_open", of: server) ?? 0
        }
        let cutAfter = ContinuousClock.now - blocked
        #expect(open == 1, "the stalled stream was not cut in \(cutAfter)")
        #expect(cutAfter < .seconds(2), "--write-timeout 1, yet the stalled stream was cut \(cutAfter) after it blocked")
        let cut = server.waitForStderrLine { $0.contains("stream events=") && $0.contains(" cut") }
        #expect(cut != nil, "\(server.stderrLines.suffix(5))")

        // The stalled client, reading at last, finds the connection ended (EOF or reset), not a live stream.
        if open == 1 {
            stalled.setTimeout(.seconds(5))
            #expect(throws: Never.self) { _ = try stalled.readUntilClose(limit: 256 << 20) }
        }
        // The server is fine, and the reading client got moment 4's latest state.
        #expect(try BlockingRequest.send(port: server.port, "GET /healthz").status == 200)
        let last = "event: next\ndata: \(Self.moment4(isLiked: likes.isLiked("4")))"
        #expect(reader.waitFor(within: .seconds(5)) { Self.sseBlocks($0.body)?.last { $0.contains(#""id":"4""#) } == last })
        let grown = try Self.residentBytes(of: server.process.processIdentifier) - residentBefore
        #expect(grown < 50 << 20, "RSS grew by \(grown >> 20) MiB over \(likes.count) likes")

        stalled.close()
        #expect(server.stop() == 0)
        #expect(reader.waitForExit(within: .seconds(10)) == 0)
        #expect(Self.sseBlocks(reader.body)?.last == "event: complete\ndata:")
    }

    @Test func heartbeatsDoNotPutOffTheWriteTimeoutOfAStalledStream() throws {
        // The write timeout alone (no minimum rate); a heartbeat due every 0.2 s.
        let server = try ServerProcess(
            databasePath: directory.databasePath,
            arguments: ["--write-timeout", "1", "--min-response-rate", "0", "--stream-heartbeat", "0.2"])
        let (stalled, head) = try Self.rawSubscribe(
            port: server.port, userID: "0", selection: Self.heavySelection, receiveBuffer: 4096)
        #expect(head.status == 200)
        var likes = LikeToggler()
        try #require(try Self.likeUntilBlocked(server, &likes, openStreams: 1), "the stalled stream's socket never filled")

        // No more likes: nothing but heartbeats falls due, and none can be written.
        let blocked = ContinuousClock.now
        let closed = eventually(within: .seconds(6)) { (try? Self.metric("moments_streams_open", of: server)) == 0 }
        #expect(closed, "--write-timeout 1, yet the stalled stream was still open \(ContinuousClock.now - blocked) after it blocked")
        #expect(ContinuousClock.now - blocked < .seconds(2))
        if closed {
            stalled.setTimeout(.seconds(5))
            #expect(throws: Never.self) { _ = try stalled.readUntilClose(limit: 256 << 20) }
        }
        stalled.close()
        #expect(server.stop() == 0)
    }

    // MARK: Metrics

    @Test func metricsCountAStreamAndItsEventsAtItsEnd() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let curl = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: Self.subscription(userID: "0"))
        try #require(curl.waitFor(within: .seconds(10)) { $0.head != nil }, "\(curl.errorText)")
        #expect(try Self.metric("moments_streams_open", of: server) == 1)
        try Self.like(port: server.port, moment: "4", isLiked: true)
        #expect(curl.waitFor(within: .seconds(2)) { Self.sseBlocks($0.body)?.count == 1 })
        // Counted at the stream's end, not before.
        #expect(try Self.metric("moments_stream_events_sent_total", of: server) == 0)

        curl.kill()
        #expect(eventually { (try? Self.metric("moments_streams_open", of: server)) == 0 })
        #expect(try Self.metric("moments_stream_events_sent_total", of: server) == 1)
        #expect(try Self.metric("moments_stream_events_coalesced_total", of: server) == 0)
        #expect(try Self.metric("moments_streams_refused_total", of: server) == 0)
        let line = server.waitForStderrLine { $0.contains("stream events=") }
        #expect(line?.contains("POST /graphql 200 ") == true)
        #expect(line?.contains("stream events=1") == true, "\(line ?? "no access line")")
        #expect(server.stop() == 0)
    }
}
