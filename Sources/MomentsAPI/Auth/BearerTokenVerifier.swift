import Crypto
import HTTP1
import JSON

/// Checks `Authorization: Bearer <JWT>` (RFC 6750, RFC 7519): HS256 only
/// (the algorithm is fixed here, never taken from the token: `none`, HS512,
/// RS256... are refused, so there is no algorithm or key confusion), the
/// signature with swift-crypto's constant-time `isValidAuthenticationCode`,
/// `exp` required, `nbf` and `iat` honoured within `leeway`, `sub` the viewer.
/// A time claim outside `numericDates` is refused as invalid, so the
/// arithmetic on it cannot overflow whatever the signer put there.
package struct BearerTokenVerifier: Sendable {
    /// RFC 7518 §3.2: "A key of the same size as the hash output (for
    /// instance, 256 bits for "HS256") or larger MUST be used".
    package static let minimumSecretBytes = 32
    /// Longest token read: an HS256 token with a short subject is about 200
    /// bytes; anything past this is refused before it is decoded.
    package static let maxTokenBytes = 4096
    /// Longest subject (the user id) accepted.
    package static let maxSubjectBytes = 256
    /// Clock difference allowed between the token's issuer and this server
    /// (RFC 7519 §4.1.4: "some small leeway").
    package static let leeway: Int64 = 60
    /// The `exp`, `nbf` and `iat` values accepted, in seconds since 1970:
    /// up to the end of year 9999 (a token good "forever" still fits), none
    /// before 1970 (no issuer signs for then). Anything else (2^63 - 1,
    /// 1e300, a negative date) is an absurd claim, not a far-off date.
    package static let numericDates: ClosedRange<Int64> = 0...253_402_300_799

    /// The secret's bytes: swift-crypto's `SymmetricKey` is not `Sendable`,
    /// so one is made per check (a 32-byte copy, with authentication on only).
    private let secret: [UInt8]

    /// - Precondition: `secret` has at least `minimumSecretBytes` (checked by the caller's options).
    package init(secret: [UInt8]) {
        self.secret = secret
    }

    /// The viewer: the token's `sub`, and when the token stops being accepted.
    package struct Viewer: Sendable, Equatable {
        package var userID: String
        /// Seconds since 1970 from which this token is refused: its `exp`
        /// plus the leeway. A stream opened with it ends then.
        package var expiresAt: Int64
    }

    /// Why a request is not authenticated; `message` is what the client reads.
    package enum Failure: Error, Equatable {
        case missing
        case malformed
        case unsupportedAlgorithm
        case badSignature
        case expired
        case notYetValid
        case missingClaim(String)

        package var message: String {
            switch self {
            case .missing: "Authentication required: send Authorization: Bearer <token>."
            case .malformed: "The bearer token is malformed."
            case .unsupportedAlgorithm: "The bearer token's algorithm is not HS256."
            case .badSignature: "The bearer token's signature is invalid."
            case .expired: "The bearer token has expired."
            case .notYetValid: "The bearer token is not valid yet."
            case .missingClaim(let name): "The bearer token has no valid '\(name)' claim."
            }
        }
    }

    /// - Parameters:
    ///   - authorization: the `Authorization` header's value, if any.
    ///   - now: seconds since 1970 (a parameter, so tests need no clock).
    package func verify(authorization: String?, now: Int64) -> Result<Viewer, Failure> {
        guard let authorization else { return .failure(.missing) }
        // RFC 7235 §2.1: the scheme is case-insensitive; then one or more spaces.
        let utf8 = authorization.utf8
        guard utf8.count <= Self.maxTokenBytes + 16, utf8.count > 7,
            utf8.prefix(6).lazy.map({ $0 | 0x20 }).elementsEqual("bearer".utf8),
            utf8.dropFirst(6).first == UInt8(ascii: " ")
        else { return .failure(authorization.isEmpty ? .missing : .malformed) }
        let token = utf8.dropFirst(7).drop { $0 == UInt8(ascii: " ") }
        guard !token.isEmpty, token.count <= Self.maxTokenBytes else { return .failure(.malformed) }
        return verify(token: Array(token), now: now)
    }

    /// RFC 7515 §5.2 (validating a JWS), for one fixed algorithm.
    func verify(token: [UInt8], now: Int64) -> Result<Viewer, Failure> {
        let parts = token.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            case .object(let header)? = Self.json(headerBytes)
        else { return .failure(.malformed) }
        // The algorithm is ours, not the token's: anything but HS256 is refused before any key is used.
        guard case .string("HS256")? = header["alg"] else { return .failure(.unsupportedAlgorithm) }
        // RFC 7515 §4.1.11: extensions marked critical must be understood; we understand none.
        guard header["crit"] == nil else { return .failure(.malformed) }
        guard let signature = Base64URL.decode(parts[2]), signature.count == SHA256.byteCount else {
            return .failure(.badSignature)
        }
        let signingInput = token[..<parts[1].endIndex]
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: secret)) else {
            return .failure(.badSignature)
        }
        guard let payloadBytes = Base64URL.decode(parts[1]), case .object(let claims)? = Self.json(payloadBytes) else {
            return .failure(.malformed)
        }
        // The leeway is added to or taken from the claim, never `now`, and
        // checked: a claim within `numericDates` cannot overflow, and one that
        // somehow did would be refused, not trap.
        guard let expiry = Self.seconds(claims["exp"]) else { return .failure(.missingClaim("exp")) }
        let (expiryWithLeeway, expiryOverflow) = expiry.addingReportingOverflow(Self.leeway)
        guard !expiryOverflow else { return .failure(.missingClaim("exp")) }
        guard now < expiryWithLeeway else { return .failure(.expired) }
        // RFC 7519 §4.1.5 `nbf` and §4.1.6 `iat` are optional; present, they must be valid dates.
        // A token issued later than now (past the leeway) is refused like an early `nbf`: only
        // a skewed or misbehaving issuer signs one, and accepting it would let it outlive its
        // intended lifetime as seen from here.
        for name in ["nbf", "iat"] where claims[name] != nil {
            guard let start = Self.seconds(claims[name]) else { return .failure(.missingClaim(name)) }
            let (startWithLeeway, startOverflow) = start.subtractingReportingOverflow(Self.leeway)
            guard !startOverflow else { return .failure(.missingClaim(name)) }
            guard now >= startWithLeeway else { return .failure(.notYetValid) }
        }
        guard case .string(let subject)? = claims["sub"], !subject.isEmpty, subject.utf8.count <= Self.maxSubjectBytes else {
            return .failure(.missingClaim("sub"))
        }
        return .success(Viewer(userID: subject, expiresAt: expiryWithLeeway))
    }

    private static func json(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 8, maxBytes: maxTokenBytes))
    }

    /// RFC 7519 §2 NumericDate: seconds, possibly fractional, within
    /// `numericDates`; nil for anything else.
    private static func seconds(_ value: JSONValue?) -> Int64? {
        let seconds: Int64
        switch value {
        case .int(let integer)?:
            guard let exact = Int64(exactly: integer) else { return nil }
            seconds = exact
        case .double(let fractional)?:
            // Compared as a Double first: converting 1e300 (or NaN) to Int64 would trap.
            guard fractional >= Double(numericDates.lowerBound), fractional < Double(numericDates.upperBound) + 1 else { return nil }
            guard let whole = Int64(exactly: fractional.rounded(.down)) else { return nil }
            seconds = whole
        default:
            return nil
        }
        return numericDates.contains(seconds) ? seconds : nil
    }
}
