import Crypto
import JSON

/// Signs HS256 tokens the verifier accepts: `moments-bff token` for
/// development, and the tests. A production app gets its tokens from its
/// identity service, signed with the same secret.
package enum BearerTokenIssuer {
    package static func token(subject: String, issuedAt: Int64, expiresAt: Int64, secret: [UInt8]) -> String {
        sign(header: ["alg": "HS256", "typ": "JWT"],
             claims: ["sub": .string(subject), "iat": .int(Int(issuedAt)), "exp": .int(Int(expiresAt))],
             secret: secret)
    }

    /// Any header and claims, signed with HMAC-SHA256 whatever the header
    /// says: for tests of tokens the verifier must refuse.
    package static func sign(header: JSONObject, claims: JSONObject, secret: [UInt8]) -> String {
        sign(headerBytes: JSONValue.object(header).serialized, payloadBytes: JSONValue.object(claims).serialized, secret: secret)
    }

    /// Header and payload of any bytes, signed: for claims JSONValue cannot
    /// write (`-0`, `1e400`, a duplicate key) and for the fuzzer.
    package static func sign(headerBytes: [UInt8], payloadBytes: [UInt8], secret: [UInt8]) -> String {
        let signingInput = Base64URL.encode(headerBytes) + "." + Base64URL.encode(payloadBytes)
        let mac = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
        return signingInput + "." + Base64URL.encode(Array(mac))
    }

    /// Encodes without signing, for tests (`alg: none`, other signatures).
    package static func unsigned(header: JSONObject, claims: JSONObject, signature: [UInt8] = []) -> String {
        Base64URL.encode(JSONValue.object(header).serialized) + "." + Base64URL.encode(JSONValue.object(claims).serialized)
            + "." + Base64URL.encode(signature)
    }
}
