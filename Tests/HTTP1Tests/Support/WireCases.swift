import Testing
@testable import HTTP1

/// What a user of the decoder sees of one request: its head and its body.
struct DecodedRequest: Hashable, CustomStringConvertible {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var framing: BodyFraming
    var expectsContinue: Bool
    var keepAlive: Bool
    var body: [UInt8]

    static func make(
        method: String = "GET", target: String = "/", version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = ["Host": "a"], framing: BodyFraming = .none, expectsContinue: Bool = false,
        keepAlive: Bool? = nil, body: String = ""
    ) -> DecodedRequest {
        DecodedRequest(
            method: method, target: target, version: version, headers: headers, framing: framing,
            expectsContinue: expectsContinue, keepAlive: keepAlive ?? (version == .http1_1), body: Array(body.utf8))
    }

    var description: String {
        "\(method) \(target) \(version) \(headers.fields) \(framing) continue=\(expectsContinue) "
            + "keepAlive=\(keepAlive) body=\(String(decoding: body, as: UTF8.self).debugDescription)"
    }
}

/// Feeds the decoder the way a connection does: each piece in turn, calling `decode` with the
/// unconsumed rest until it asks for more. Checks the API's promises on the way: `.head`
/// precedes each `.request` and agrees with it, `.needMoreData` consumes everything.
struct WireFeeder {
    var decoder: HTTPRequestDecoder
    var requests: [DecodedRequest] = []
    private var head: HTTPRequestHead?

    init(limits: HTTPLimits = HTTPLimits()) {
        decoder = HTTPRequestDecoder(limits: limits)
    }

    mutating func feed(_ piece: ArraySlice<UInt8>) throws {
        var offset = 0
        // Each round either consumes bytes or yields an event; a piece of n bytes can yield at most
        // n heads and n requests plus one final needMoreData.
        for _ in 0...(3 * piece.count + 3) {
            let rest = Array(piece.dropFirst(offset))
            let (event, consumed) = try rest.withUnsafeBytes { try decoder.decode($0) }
            #expect(consumed >= 0 && consumed <= rest.count)
            offset += consumed
            switch event {
            case .needMoreData:
                #expect(consumed == rest.count, "needMoreData must consume everything")
                return
            case .head(let newHead):
                #expect(head == nil, "two heads without a request")
                head = newHead
            case .request(let request):
                guard let current = head else {
                    Issue.record("request without a head")
                    return
                }
                #expect(current.keepAlive == request.wantsKeepAlive, "head.keepAlive disagrees with wantsKeepAlive")
                requests.append(DecodedRequest(
                    method: request.method.rawValue, target: request.target, version: request.version,
                    headers: request.headers, framing: current.framing, expectsContinue: current.expectsContinue,
                    keepAlive: current.keepAlive, body: request.body))
                head = nil
            }
        }
        Issue.record("decode did not settle on needMoreData")
    }

    /// Feeds `wire` cut at each of `cuts` (ascending offsets).
    static func decode(_ wire: [UInt8], cuts: [Int] = [], limits: HTTPLimits = HTTPLimits()) throws -> [DecodedRequest] {
        var feeder = WireFeeder(limits: limits)
        var start = 0
        for cut in cuts + [wire.count] {
            try feeder.feed(wire[start..<cut])
            start = cut
        }
        return feeder.requests
    }

    /// Every way of feeding `wire` the tests try: whole, split in two at every offset, byte by byte.
    static func splits(of count: Int) -> [(name: String, cuts: [Int])] {
        var result: [(String, [Int])] = [("whole", [])]
        for cut in 1..<max(count, 1) { result.append(("split at \(cut)", [cut])) }
        if count > 1 { result.append(("byte by byte", Array(1..<count))) }
        return result
    }
}

extension Array where Element == UInt8 {
    /// Wire text as bytes; tests write CR and LF explicitly.
    init(wire: String) { self = Array(wire.utf8) }
}
