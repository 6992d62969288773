import ArgumentParser
import FoundationEssentials
import MomentsAPI

/// `moments-bff token --user ID [--ttl DURATION]`: a bearer token for
/// development, signed with the serve command's secret.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a bearer token (HS256 JWT) for a user, for development against --auth-secret."
    )

    @Option(help: "The user id: the token's subject.")
    var user: String

    @Option(help: "How long the token is valid: seconds, or a number with s, m, h or d (at most 365d). (default: 1h)")
    var ttl: String = "1h"

    @OptionGroup var secret: AuthSecretOptions

    func validate() throws {
        guard !user.isEmpty, user.utf8.count <= BearerTokenVerifier.maxSubjectBytes else {
            throw ValidationError("--user must be 1 to \(BearerTokenVerifier.maxSubjectBytes) bytes")
        }
        guard Self.seconds(ttl) != nil else { throw ValidationError("--ttl must be like 3600, 90s, 30m, 12h or 7d, at most 365d") }
    }

    func run() throws {
        guard let key = try secret.resolveSecret() else {
            throw ValidationError("no secret: give --auth-secret-file, --auth-secret, AUTH_SECRET_FILE or AUTH_SECRET")
        }
        guard let lifetime = Self.seconds(ttl) else { throw ValidationError("bad --ttl") }
        let now = Int64(Date().timeIntervalSince1970)
        print(BearerTokenIssuer.token(subject: user, issuedAt: now, expiresAt: now + lifetime, secret: key))
    }

    /// `3600`, `90s`, `30m`, `12h`, `7d`; positive and at most 365 days.
    static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var unit: Int64 = 1
        if let last = text.last, let multiplier = units[last] {
            unit = multiplier
            digits = digits.dropLast()
        }
        guard digits.count <= 9, let number = Int64(digits), number > 0 else { return nil }
        let seconds = number * unit
        return seconds <= 365 * 86_400 ? seconds : nil
    }
}
