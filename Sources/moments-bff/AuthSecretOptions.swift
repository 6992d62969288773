import ArgumentParser
import FoundationEssentials
import MomentsAPI

/// `--auth-secret` / `--auth-secret-file` [AUTH_SECRET, AUTH_SECRET_FILE]:
/// the HS256 key bearer tokens are signed with, for `serve` and `token`.
struct AuthSecretOptions: ParsableArguments {
    @Option(help: "Require Authorization: Bearer <JWT> (HS256, sub = the user id) signed with this secret, at least 32 bytes; prefer --auth-secret-file, as arguments show in ps. [AUTH_SECRET] (default: none: no authentication)")
    var authSecret: String?

    @Option(help: "As --auth-secret, the secret read from this file (a final newline is dropped). [AUTH_SECRET_FILE]")
    var authSecretFile: String?

    /// Largest secret file read.
    static let maxSecretFileBytes = 4096

    /// The secret's bytes; nil when none is configured.
    func resolveSecret() throws -> [UInt8]? {
        let text = authSecret ?? Environment.string("AUTH_SECRET")
        let path = authSecretFile ?? Environment.string("AUTH_SECRET_FILE")
        let secret: [UInt8]
        switch (text, path) {
        case (nil, nil):
            return nil
        case (.some, .some):
            throw ValidationError("give the auth secret once: --auth-secret (AUTH_SECRET) or --auth-secret-file (AUTH_SECRET_FILE)")
        case (let text?, nil):
            secret = Array(text.utf8)
        case (nil, let path?):
            secret = try Self.read(path)
        }
        guard secret.count >= BearerTokenVerifier.minimumSecretBytes else {
            // RFC 7518 §3.2: an HS256 key must be at least as long as the hash (256 bits).
            throw StartupError("the auth secret must be at least \(BearerTokenVerifier.minimumSecretBytes) bytes (got \(secret.count))")
        }
        return secret
    }

    private static func read(_ path: String) throws(StartupError) -> [UInt8] {
        let what = "auth secret file \(LogLine.escaped(path, limit: 256))"
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxSecretFileBytes {
            throw StartupError("\(what): larger than \(maxSecretFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw StartupError("\(what): cannot read the file") }
        var bytes = Array(data.prefix(maxSecretFileBytes + 1))
        guard bytes.count <= maxSecretFileBytes else { throw StartupError("\(what): larger than \(maxSecretFileBytes) bytes") }
        // Editors and `echo` end files with a newline that is not part of the secret.
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return bytes
    }
}
