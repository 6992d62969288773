import FuzzSupport
@testable import JSON
@testable import MomentsAPI

// BearerTokenVerifier, from the Authorization header to the verdict. Random bytes almost never
// carry a valid HMAC, so each input is used three ways:
// 1. as the header itself: a success must be a token whose signature is ours (checked by
//    signing its decoded parts again), and only an empty or absent header is `.missing`;
// 2. as a token's payload, signed with the fuzzer's secret under a valid HS256 header, so the
//    claims (exp, nbf, iat, sub) and the date arithmetic are reached: the verdict must equal
//    the one an independent model of the rules computes, with Double arithmetic;
// 3. as a token's protected header, signed, with valid claims: the verdict must follow `alg`
//    and `crit` alone.
// Each is verified at four clocks (a real one, 0, and Int64's two ends), none may trap, and a
// signed token is never `.badSignature` or `.missing`.

let secret = Array("the fuzzer's secret, 32 bytes ok".utf8)
let verifier = BearerTokenVerifier(secret: secret)
let realNow: Int64 = 1_800_000_000
let clocks: [Int64] = [realNow, 0, .max, .min]
let validHeader = Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)
let validClaims = Array(#"{"sub":"7","exp":1800003600}"#.utf8)
let limits = JSONLimits(maxDepth: 8, maxBytes: BearerTokenVerifier.maxTokenBytes)
let validClaimsValue = try? JSONParser.parse(validClaims, limits: limits)

typealias Verdict = Result<BearerTokenVerifier.Viewer, BearerTokenVerifier.Failure>

/// The model of a NumericDate: whole seconds within 0...253402300799, as a Double (exact
/// there), so its arithmetic cannot overflow and differs from the verifier's.
func modelSeconds(_ value: JSONValue?) -> Double? {
    let seconds: Double
    switch value {
    case .int(let integer)?:
        guard integer >= 0, integer <= 253_402_300_799 else { return nil }
        seconds = Double(integer)
    case .double(let number)?:
        guard number.isFinite, number >= 0 else { return nil }
        seconds = number.rounded(.down)
    default:
        return nil
    }
    return seconds <= 253_402_300_799 ? seconds : nil
}

/// The verdict for a token with a valid header and signature whose payload parsed as `payload`.
func modelVerdict(payload: JSONValue?, now: Int64) -> Verdict {
    guard case .object(let claims)? = payload else { return .failure(.malformed) }
    let clock = Double(now)
    guard let expiry = modelSeconds(claims["exp"]) else { return .failure(.missingClaim("exp")) }
    guard clock < expiry + 60 else { return .failure(.expired) }
    for name in ["nbf", "iat"] where claims[name] != nil {
        guard let start = modelSeconds(claims[name]) else { return .failure(.missingClaim(name)) }
        guard clock >= start - 60 else { return .failure(.notYetValid) }
    }
    guard case .string(let subject)? = claims["sub"], !subject.isEmpty, subject.utf8.count <= 256 else {
        return .failure(.missingClaim("sub"))
    }
    // Refused from `exp` (whole seconds) plus the leeway: exact in Double below 2^53.
    return .success(.init(userID: subject, expiresAt: Int64(expiry) + 60))
}

/// The verdict for a token with valid claims and signature whose header is `header`.
func modelVerdict(header: [UInt8]) -> Verdict {
    guard case .object(let fields)? = try? JSONParser.parse(header, limits: limits) else { return .failure(.malformed) }
    guard case .string("HS256")? = fields["alg"] else { return .failure(.unsupportedAlgorithm) }
    guard fields["crit"] == nil else { return .failure(.malformed) }
    return .success(.init(userID: "7", expiresAt: 1_800_003_600 + 60))
}

/// Verifies `token` (signed by us) as a header at every clock and compares with the model.
func check(token: String, model: (Int64) -> Verdict, what: @autoclosure () -> String) {
    for now in clocks {
        let verdict = verifier.verify(authorization: "Bearer " + token, now: now)
        // The header's bound comes first: an oversized token is malformed whatever it holds.
        let expected = token.utf8.count > BearerTokenVerifier.maxTokenBytes ? .failure(.malformed) : model(now)
        invariant(verdict == expected, "\(what()) at \(now): \(verdict), the model says \(expected); token \(token)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBearerToken(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))

    // 1. The input as the header.
    let header = String(decoding: bytes, as: UTF8.self)
    for now in clocks {
        switch verifier.verify(authorization: header, now: now) {
        case .success(let viewer):
            invariant(!viewer.userID.isEmpty, "an empty subject accepted: \(describe(bytes))")
            let token = Array(header.utf8.dropFirst(7).drop { $0 == UInt8(ascii: " ") })
            let parts = token.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard parts.count == 3, let head = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]) else {
                fail("accepted a token that is not three base64url parts: \(describe(bytes))")
            }
            let resigned = BearerTokenIssuer.sign(headerBytes: head, payloadBytes: payload, secret: secret)
            invariant(Array(resigned.utf8) == token, "accepted a signature that is not ours: \(describe(bytes))")
        case .failure(.missing):
            invariant(bytes.isEmpty, "a non-empty header is .missing: \(describe(bytes))")
        case .failure:
            break
        }
    }

    // 2. The input as the payload of a signed token.
    let claimsToken = BearerTokenIssuer.sign(headerBytes: validHeader, payloadBytes: bytes, secret: secret)
    let claims = try? JSONParser.parse(bytes, limits: limits)
    check(token: claimsToken, model: { modelVerdict(payload: claims, now: $0) }, what: "claims \(describe(bytes))")

    // 3. The input as the protected header of a signed token with valid claims.
    let headerToken = BearerTokenIssuer.sign(headerBytes: bytes, payloadBytes: validClaims, secret: secret)
    let headerVerdict = modelVerdict(header: bytes)
    check(
        token: headerToken,
        model: { now in
            // The claims are valid at the real clock only; other clocks meet their dates.
            guard case .success = headerVerdict, now != realNow else { return headerVerdict }
            return modelVerdict(payload: validClaimsValue, now: now)
        },
        what: "header \(describe(bytes))")
    return 0
}

@main
enum FuzzBearerToken {
    static func main() { runLibFuzzer(fuzzBearerToken) }
}
