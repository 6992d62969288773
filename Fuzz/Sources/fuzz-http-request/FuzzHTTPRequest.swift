import FuzzSupport
@testable import HTTP1

// HTTPRequestDecoder over arbitrary bytes, fed as a connection feeds it: whole, split at up to
// three points the input chooses (Splits), and byte by byte. Invariants:
// - `consumed` is within the buffer; `.needMoreData` consumes all of it; every call either
//   consumes bytes or yields an event (no spinning);
// - each `.request` follows its own `.head` and agrees with it (method, target, version,
//   headers, keep-alive); a `Content-Length` body has exactly that length;
// - every bound holds: body ≤ maxBodyBytes, field count ≤ maxHeaderCount, buffered head bytes
//   within the line and block limits, body bytes ≤ bytes consumed;
// - an error maps to 400/413/414/431/501/505, and a spent decoder throws it again;
// - every way of splitting gives the same events and the same final error or state.
// The input's last byte also chooses the limits: the defaults, or tiny ones so that every
// limit is within reach of a short input.

let defaultLimits = HTTPLimits()
let tinyLimits = HTTPLimits(
    maxRequestLineLength: 40, maxHeaderBlockBytes: 120, maxHeaderCount: 4, maxBodyBytes: 48,
    maxChunkExtensionBytes: 8, maxTrailerBytes: 24)
let errorStatuses: Set<Int> = [400, 413, 414, 431, 501, 505]

/// What a connection sees of one feeding: the events in order, then how it ended.
struct Outcome: Equatable {
    var events: [String] = []
    var error: HTTPParseError?
    var midRequest = false
}

func feed(_ bytes: UnsafeRawBufferPointer, cuts: [Int], limits: HTTPLimits) -> Outcome {
    var decoder = HTTPRequestDecoder(limits: limits)
    var outcome = Outcome()
    var head: HTTPRequestHead?
    var consumedTotal = 0
    var bodyTotal = 0
    for piece in Splits.pieces(bytes, cuts: cuts) {
        var offset = 0
        var calls = 0
        while true {
            calls += 1
            // A piece of n bytes yields at most n heads and n requests, then needMoreData.
            invariant(calls <= 3 * piece.count + 3, "decode keeps returning events without consuming")
            let rest = UnsafeRawBufferPointer(rebasing: piece[offset...])
            let event: HTTPRequestDecoder.Event
            let consumed: Int
            do {
                (event, consumed) = try decoder.decode(rest)
            } catch {
                invariant(errorStatuses.contains(error.status.code), "\(error) has status \(error.status.code)")
                // A spent decoder throws the same error for any further input.
                for again in [rest, UnsafeRawBufferPointer(rebasing: rest.prefix(0))] {
                    do {
                        _ = try decoder.decode(again)
                        fail("a spent decoder decoded again after \(error)")
                    } catch let repeated {
                        invariant(repeated == error, "spent decoder threw \(repeated), first \(error)")
                    }
                }
                outcome.error = error
                return outcome
            }
            invariant(consumed >= 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count)")
            offset += consumed
            consumedTotal += consumed
            switch event {
            case .needMoreData:
                invariant(consumed == rest.count, "needMoreData consumed \(consumed) of \(rest.count)")
                let bufferBound = 2 * limits.maxRequestLineLength + limits.maxHeaderBlockBytes + 4
                invariant(
                    decoder.bufferedHeadBytes <= bufferBound,
                    "\(decoder.bufferedHeadBytes) head bytes buffered, bound \(bufferBound)")
            case .head(let newHead):
                invariant(head == nil, "two heads without a request")
                check(newHead, limits: limits)
                head = newHead
                outcome.events.append("head " + describe(newHead))
            case .request(let request):
                guard let current = head else { fail("a request without a head") }
                check(request, against: current, limits: limits)
                bodyTotal += request.body.count
                invariant(bodyTotal <= consumedTotal, "\(bodyTotal) body bytes from \(consumedTotal) consumed")
                outcome.events.append("request " + describe(request.body))
                head = nil
            }
            if case .needMoreData = event { break }
        }
    }
    outcome.midRequest = decoder.isMidRequest
    invariant(outcome.midRequest == (head != nil || decoder.bufferedHeadBytes > 0), "isMidRequest disagrees")
    return outcome
}

func check(_ head: HTTPRequestHead, limits: HTTPLimits) {
    invariant(!head.method.rawValue.isEmpty && !head.target.isEmpty, "empty method or target")
    invariant(head.headers.count <= limits.maxHeaderCount, "\(head.headers.count) header fields")
    invariant(head.version == .http1_0 || head.headers.values("Host").count == 1, "HTTP/1.1 without one Host")
    switch head.framing {
    case .none: break
    case .length(let length):
        invariant(length > 0 && length <= limits.maxBodyBytes, "Content-Length \(length) accepted")
    case .chunked:
        invariant(head.version == .http1_1, "chunked in HTTP/1.0")
        invariant(!head.headers.contains("Content-Length"), "chunked with Content-Length")
    }
    invariant(!head.expectsContinue || head.framing != .none, "100-continue without a body")
}

func check(_ request: HTTPRequest, against head: HTTPRequestHead, limits: HTTPLimits) {
    invariant(
        request.method == head.method && request.target == head.target && request.version == head.version
            && request.headers == head.headers,
        "request disagrees with its head")
    invariant(request.wantsKeepAlive == head.keepAlive, "wantsKeepAlive disagrees with head.keepAlive")
    invariant(request.body.count <= limits.maxBodyBytes, "\(request.body.count) body bytes")
    switch head.framing {
    case .none: invariant(request.body.isEmpty, "a body without framing")
    case .length(let length): invariant(request.body.count == length, "body \(request.body.count) != \(length)")
    case .chunked: break
    }
}

func describe(_ head: HTTPRequestHead) -> String {
    let fields = head.headers.fields.map { "\($0.name)=\($0.value.debugDescription)" }.joined(separator: ",")
    return "\(head.method) \(head.target.debugDescription) \(head.version) [\(fields)] \(head.framing) "
        + "continue=\(head.expectsContinue) keepAlive=\(head.keepAlive)"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let limits = count > 0 && bytes[count - 1] & 0x80 != 0 ? tinyLimits : defaultLimits
    let whole = feed(bytes, cuts: [], limits: limits)
    for cuts in [Splits.cuts(bytes), Splits.byteByByte(count)] {
        let split = feed(bytes, cuts: cuts, limits: limits)
        invariant(split == whole, "cut at \(cuts):\n\(split)\nwhole:\n\(whole)\ninput: \(describe(bytes))")
    }
    return 0
}

@main
enum FuzzHTTPRequest {
    static func main() { runLibFuzzer(fuzzHTTPRequest) }
}
