import Dispatch
import HTTP1
@testable import MomentsAPI
import Testing

/// One stream's backlog and framing, without sockets: the transport's pulls
/// are `next()` calls.
@Suite struct SubscriptionStreamTests {
    static func stream(_ framing: StreamFraming = .sse, maxPending: Int = 4, heartbeat: Duration = .seconds(3600)) -> SubscriptionStream {
        SubscriptionStream(framing: framing, viewerID: "0", maxPending: maxPending, heartbeat: heartbeat, onClosed: { _ in })
    }

    static func text(_ piece: HTTPStreamPiece) -> String? {
        switch piece {
        case .none: nil
        case .bytes(let bytes), .end(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func theLatestResultOfAMomentReplacesAnUnsentOne() {
        let stream = Self.stream()
        #expect(stream.next() == .none, "nothing to send before any event")
        #expect(!stream.push(momentID: "4", result: Array(#"{"data":1}"#.utf8)))
        #expect(stream.push(momentID: "4", result: Array(#"{"data":2}"#.utf8)), "coalesced")
        #expect(!stream.push(momentID: "3", result: Array(#"{"data":3}"#.utf8)))
        #expect(Self.text(stream.next()) == "event: next\ndata: {\"data\":2}\n\nevent: next\ndata: {\"data\":3}\n\n")
        #expect(stream.events == 2)
        #expect(stream.next() == .none)
    }

    @Test func aClientFurtherBehindThanTheBoundGetsAnErrorAndTheEnd() {
        let stream = Self.stream(maxPending: 2)
        for moment in ["1", "2", "3"] { stream.push(momentID: moment, result: Array("{}".utf8)) }
        guard case .end(let bytes) = stream.next() else {
            Issue.record("the stream should end")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("STREAM_FELL_BEHIND") && text.hasSuffix("event: complete\ndata:\n\n"), "\(text)")
        #expect(stream.next() == .none, "nothing after the end")
        #expect(!stream.push(momentID: "4", result: Array("{}".utf8)))
    }

    @Test func multipartPartsOpenWithTheBoundaryOnceAndCloseAtTheEnd() {
        let stream = Self.stream(.multipart)
        stream.push(momentID: "4", result: Array(#"{"data":{}}"#.utf8))
        #expect(Self.text(stream.next()) == "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{}}}\r\n--graphql")
        stream.push(momentID: "4", result: Array(#"{"data":{}}"#.utf8))
        #expect(Self.text(stream.next()) == "\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{}}}\r\n--graphql")
        stream.finish()
        #expect(stream.next() == .end(Array("--\r\n".utf8)))
    }

    @Test func aHeartbeatIsDueOnlyAfterSilence() {
        let stream = Self.stream(heartbeat: .milliseconds(100))
        let now = DispatchTime.now().uptimeNanoseconds
        stream.tick(now: now)
        #expect(stream.next() == .none, "not silent long enough")
        stream.tick(now: now + 200_000_000)
        #expect(Self.text(stream.next()) == ":\n\n")
    }

    @Test func aFailedStartIsOneErrorThenTheEnd() {
        let sse = SubscriptionStream.failed(framing: .sse, errors: Array(#"[{"message":"no"}]"#.utf8))
        #expect(Self.text(sse.next()) == "event: next\ndata: {\"errors\":[{\"message\":\"no\"}]}\n\nevent: complete\ndata:\n\n")
        let multipart = SubscriptionStream.failed(framing: .multipart, errors: Array(#"[{"message":"no"}]"#.utf8))
        #expect(Self.text(multipart.next()) == "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":null,\"errors\":[{\"message\":\"no\"}]}\r\n--graphql--\r\n")
    }

    @Test(arguments: [
        ("text/event-stream", StreamFraming.sse),
        ("application/json, text/event-stream", .sse),
        ("multipart/mixed;subscriptionSpec=1.0, application/json", .multipart),
        ("multipart/mixed; subscriptionSpec=\"1.0\"", .multipart),
        ("multipart/mixed;deferSpec=20220824", nil),
        ("text/event-stream;q=0, application/json", nil),
        ("application/json", nil),
    ] as [(String, StreamFraming?)])
    func negotiation(accept: String, framing: StreamFraming?) {
        #expect(StreamFraming.negotiate(accept: accept) == framing)
    }

    /// At its token's expiry (checked by the ticker), results still waiting are
    /// dropped and the stream ends with one `UNAUTHENTICATED` result.
    @Test(arguments: [StreamFraming.sse, .multipart])
    func aStreamEndsAtItsTokensExpiry(_ framing: StreamFraming) {
        let stream = SubscriptionStream(
            framing: framing, viewerID: "0", maxPending: 4, heartbeat: .seconds(3600), expiry: 5_000, onClosed: { _ in })
        stream.push(momentID: "4", result: Array(#"{"data":1}"#.utf8))
        stream.tick(now: 4_999)
        #expect(Self.text(stream.next())?.contains(#"{"data":1}"#) == true)
        stream.push(momentID: "4", result: Array(#"{"data":2}"#.utf8))
        stream.tick(now: 5_000)
        guard case .end(let bytes) = stream.next() else {
            Issue.record("the stream should end")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(#"{"data":2}"#), "\(text)")
        #expect(text.contains(#""code":"UNAUTHENTICATED""#), "\(text)")
        switch framing {
        case .sse: #expect(text.hasSuffix("event: complete\ndata:\n\n"))
        case .multipart: #expect(text.contains(#"{"payload":null,"errors":"#) && text.hasSuffix("--\r\n"))
        }
        #expect(stream.next() == .none)
    }

    /// The wall-clock expiry as an uptime deadline: checked at every step, since the claim is the client's.
    @Test func expiriesConvertWithoutOverflow() {
        #expect(SubscriptionStream.expiry(expiresAt: 1_000, wallNow: 990, uptimeNow: 7) == 7 + 10 * 1_000_000_000)
        #expect(SubscriptionStream.expiry(expiresAt: 990, wallNow: 1_000, uptimeNow: 7) == 7)
        #expect(SubscriptionStream.expiry(expiresAt: .max, wallNow: 0, uptimeNow: 7) == .max)
        #expect(SubscriptionStream.expiry(expiresAt: .max, wallNow: -1, uptimeNow: 7) == .max)
        #expect(SubscriptionStream.expiry(expiresAt: .min, wallNow: 1, uptimeNow: 7) == 7)
        #expect(SubscriptionStream.expiry(expiresAt: 100, wallNow: 0, uptimeNow: .max - 5) == .max)
    }
}
