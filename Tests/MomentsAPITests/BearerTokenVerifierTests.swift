import JSON
@testable import MomentsAPI
import Testing

/// The HS256 bearer-token check, one refusal per row, at a fixed time.
@Suite struct BearerTokenVerifierTests {
    static let secret = Array("0123456789abcdef0123456789abcdef".utf8)
    static let now: Int64 = 1_800_000_000
    let verifier = BearerTokenVerifier(secret: secret)

    static func token(header: JSONObject = ["alg": "HS256", "typ": "JWT"], claims: JSONObject) -> String {
        BearerTokenIssuer.sign(header: header, claims: claims, secret: secret)
    }

    static let valid: JSONObject = ["sub": "7", "exp": .int(Int(now) + 3600)]

    @Test func acceptsAValidTokenAsItsSubject() {
        let token = BearerTokenIssuer.token(subject: "7", issuedAt: Self.now, expiresAt: Self.now + 60, secret: Self.secret)
        // Refused from `exp` plus the leeway: a stream opened with it ends then.
        #expect(verifier.verify(authorization: "Bearer \(token)", now: Self.now) == .success(.init(userID: "7", expiresAt: Self.now + 120)))
        // RFC 7235: the scheme is case-insensitive.
        #expect(verifier.verify(authorization: "bearer \(token)", now: Self.now) == .success(.init(userID: "7", expiresAt: Self.now + 120)))
    }

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var authorization: String?
        var failure: BearerTokenVerifier.Failure
    }

    static let otherSecret = Array("another secret of thirty-two byt".utf8)

    @Test(arguments: [
        Case(description: "no header", authorization: nil, failure: .missing),
        Case(description: "empty header", authorization: "", failure: .missing),
        Case(description: "basic scheme", authorization: "Basic dXNlcjpwYXNz", failure: .malformed),
        Case(description: "no token", authorization: "Bearer ", failure: .malformed),
        Case(description: "two parts", authorization: "Bearer abc.def", failure: .malformed),
        Case(description: "four parts", authorization: "Bearer " + token(claims: valid) + ".x", failure: .malformed),
        Case(description: "not base64url", authorization: "Bearer e30=.e30.e30", failure: .malformed),
        Case(description: "oversized", authorization: "Bearer " + String(repeating: "a", count: 5000), failure: .malformed),
        Case(
            description: "alg none", authorization: "Bearer " + BearerTokenIssuer.unsigned(header: ["alg": "none"], claims: valid),
            failure: .unsupportedAlgorithm),
        Case(description: "alg HS512", authorization: "Bearer " + token(header: ["alg": "HS512"], claims: valid), failure: .unsupportedAlgorithm),
        Case(
            description: "alg RS256",
            authorization: "Bearer " + BearerTokenIssuer.unsigned(header: ["alg": "RS256"], claims: valid, signature: Array(repeating: 1, count: 256)),
            failure: .unsupportedAlgorithm),
        Case(description: "alg hs256", authorization: "Bearer " + token(header: ["alg": "hs256"], claims: valid), failure: .unsupportedAlgorithm),
        Case(description: "no alg", authorization: "Bearer " + token(header: ["typ": "JWT"], claims: valid), failure: .unsupportedAlgorithm),
        Case(description: "crit header", authorization: "Bearer " + token(header: ["alg": "HS256", "crit": ["exp"]], claims: valid), failure: .malformed),
        Case(
            description: "other secret",
            authorization: "Bearer " + BearerTokenIssuer.sign(header: ["alg": "HS256"], claims: valid, secret: otherSecret),
            failure: .badSignature),
        Case(
            description: "empty signature", authorization: "Bearer " + BearerTokenIssuer.unsigned(header: ["alg": "HS256"], claims: valid),
            failure: .badSignature),
        Case(description: "expired past the leeway", authorization: "Bearer " + token(claims: ["sub": "7", "exp": .int(Int(now) - 61)]), failure: .expired),
        Case(description: "no exp", authorization: "Bearer " + token(claims: ["sub": "7"]), failure: .missingClaim("exp")),
        Case(description: "exp a string", authorization: "Bearer " + token(claims: ["sub": "7", "exp": "never"]), failure: .missingClaim("exp")),
        Case(
            description: "nbf in the future",
            authorization: "Bearer " + token(claims: ["sub": "7", "exp": .int(Int(now) + 3600), "nbf": .int(Int(now) + 120)]),
            failure: .notYetValid),
        Case(description: "no sub", authorization: "Bearer " + token(claims: ["exp": .int(Int(now) + 60)]), failure: .missingClaim("sub")),
        Case(description: "sub a number", authorization: "Bearer " + token(claims: ["sub": 7, "exp": .int(Int(now) + 60)]), failure: .missingClaim("sub")),
    ])
    func refuses(_ testCase: Case) {
        #expect(verifier.verify(authorization: testCase.authorization, now: Self.now) == .failure(testCase.failure))
    }

    @Test func aTamperedPayloadFailsTheSignature() {
        let parts = Self.token(claims: Self.valid).split(separator: ".")
        let forged = Base64URL.encode(JSONValue.object(["sub": "8", "exp": .int(Int(Self.now) + 3600)]).serialized)
        #expect(verifier.verify(authorization: "Bearer \(parts[0]).\(forged).\(parts[2])", now: Self.now) == .failure(.badSignature))
    }

    @Test func expiryAndNotBeforeHaveASmallLeeway() {
        let justExpired = Self.token(claims: ["sub": "7", "exp": .int(Int(Self.now) - 30), "nbf": .int(Int(Self.now) + 30)])
        #expect(verifier.verify(authorization: "Bearer \(justExpired)", now: Self.now) == .success(.init(userID: "7", expiresAt: Self.now + 30)))
    }

    /// A payload written as JSON text, so numbers JSONValue would print
    /// differently (`-0`, `1e400`, `9223372036854775808`) reach the parser as sent.
    static func token(payload: String) -> String {
        BearerTokenIssuer.sign(headerBytes: Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8), payloadBytes: Array(payload.utf8), secret: secret)
    }

    struct ClaimCase: Sendable, CustomStringConvertible {
        var description: String
        var payload: String
        var failure: BearerTokenVerifier.Failure
    }

    static let far = #""exp":1900000000"#

    /// Signed with the right secret, so only the claims decide; before the
    /// bound, `exp` 2^63-1 trapped on `exp + leeway` and killed the server.
    @Test(arguments: [
        ClaimCase(description: "exp Int64.max", payload: #"{"sub":"7","exp":9223372036854775807}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp Int64.max - 59", payload: #"{"sub":"7","exp":9223372036854775748}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp Int64.min", payload: #"{"sub":"7","exp":-9223372036854775808}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp 2^63, past Int64", payload: #"{"sub":"7","exp":9223372036854775808}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp 1e300", payload: #"{"sub":"7","exp":1e300}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp -1e300", payload: #"{"sub":"7","exp":-1e300}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp 1e400 (infinite as a Double)", payload: #"{"sub":"7","exp":1e400}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp fractional huge", payload: #"{"sub":"7","exp":92233720368547758.5}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp just past year 9999", payload: #"{"sub":"7","exp":253402300800}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp negative", payload: #"{"sub":"7","exp":-1}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp negative fraction", payload: #"{"sub":"7","exp":-0.5}"#, failure: .missingClaim("exp")),
        ClaimCase(description: "exp -0 is 1970", payload: #"{"sub":"7","exp":-0}"#, failure: .expired),
        ClaimCase(description: "exp -0.0 is 1970", payload: #"{"sub":"7","exp":-0.0}"#, failure: .expired),
        ClaimCase(description: "nbf Int64.max", payload: #"{"sub":"7",\#(far),"nbf":9223372036854775807}"#, failure: .missingClaim("nbf")),
        ClaimCase(description: "nbf Int64.min", payload: #"{"sub":"7",\#(far),"nbf":-9223372036854775808}"#, failure: .missingClaim("nbf")),
        ClaimCase(description: "nbf 1e300", payload: #"{"sub":"7",\#(far),"nbf":1e300}"#, failure: .missingClaim("nbf")),
        ClaimCase(description: "nbf -1e300", payload: #"{"sub":"7",\#(far),"nbf":-1e300}"#, failure: .missingClaim("nbf")),
        ClaimCase(description: "nbf null", payload: #"{"sub":"7",\#(far),"nbf":null}"#, failure: .missingClaim("nbf")),
        ClaimCase(description: "iat Int64.max", payload: #"{"sub":"7",\#(far),"iat":9223372036854775807}"#, failure: .missingClaim("iat")),
        ClaimCase(description: "iat Int64.min", payload: #"{"sub":"7",\#(far),"iat":-9223372036854775808}"#, failure: .missingClaim("iat")),
        ClaimCase(description: "iat 1e300", payload: #"{"sub":"7",\#(far),"iat":1e300}"#, failure: .missingClaim("iat")),
        ClaimCase(description: "iat a string", payload: #"{"sub":"7",\#(far),"iat":"now"}"#, failure: .missingClaim("iat")),
        ClaimCase(description: "iat past the leeway ahead", payload: #"{"sub":"7",\#(far),"iat":1800000061}"#, failure: .notYetValid),
        ClaimCase(description: "exp duplicated, the absurd one last", payload: #"{"sub":"7",\#(far),"exp":9223372036854775807}"#, failure: .missingClaim("exp")),
    ])
    func refusesAbsurdTimeClaimsWithoutTrapping(_ testCase: ClaimCase) {
        #expect(verifier.verify(authorization: "Bearer " + Self.token(payload: testCase.payload), now: Self.now) == .failure(testCase.failure))
    }

    @Test(arguments: [
        #"{"sub":"7","exp":253402300799}"#,  // the last second of year 9999
        #"{"sub":"7","exp":253402300799.9}"#,
        #"{"sub":"7","exp":1800000000.5}"#,  // fractional (RFC 7519 §2), within the leeway
        #"{"sub":"7",\#(far),"nbf":0,"iat":0}"#,
        #"{"sub":"7",\#(far),"nbf":-0.0,"iat":1800000060}"#,  // iat ahead, within the leeway
    ])
    func acceptsTimeClaimsWithinTheBound(_ payload: String) {
        #expect(verifier.verify(authorization: "Bearer " + Self.token(payload: payload), now: Self.now).map(\.userID) == .success("7"))
    }

    /// The clock is a parameter: even a nonsensical `now` is compared, never added to.
    @Test func extremeClocksNeverTrap() {
        let token = Self.token(payload: #"{"sub":"7","exp":253402300799,"nbf":0,"iat":0}"#)
        #expect(verifier.verify(authorization: "Bearer \(token)", now: .max) == .failure(.expired))
        #expect(verifier.verify(authorization: "Bearer \(token)", now: .min) == .failure(.notYetValid))
    }

    @Test func base64URLIsStrictAndRoundTrips() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64URL.decode(Array(Base64URL.encode(bytes).utf8)) == bytes)
        }
        #expect(Base64URL.decode(Array("TWFu".utf8)) == Array("Man".utf8))
        #expect(Base64URL.decode(Array("TWE".utf8)) == Array("Ma".utf8))
        #expect(Base64URL.decode(Array("TWF".utf8)) == nil)  // non-zero unused bits
        #expect(Base64URL.decode(Array("TWE=".utf8)) == nil)  // padding
        #expect(Base64URL.decode(Array("T".utf8)) == nil)  // a lone character
        #expect(Base64URL.decode(Array("TW+/".utf8)) == nil)  // base64, not base64url
    }
}
