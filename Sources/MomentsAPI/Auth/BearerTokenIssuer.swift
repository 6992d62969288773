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
        let signingInput = Base64URL.encode(JSONValue.object(header).serialized)
            + "." + Base64URL.encode(JSONValue.object(claims).serialized)
        let mac = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
        return signingInput + "." + Base64URL.encode(Array(mac))
    }

    /// Encodes without signing, for tests (`alg: none`, other signatures).
    package static func unsigned(header: JSONObject, claims: JSONObject, signature: [UInt8] = []) -> String {
        Base64URL.encode(JSONValue.object(header).serialized) + "." + Base64URL.encode(JSONValue.object(claims).serialized)
            + "." + Base64URL.encode(signature)
    }
}
