import ArgumentParser
import FoundationEssentials
import GraphQL
import HTTP1
import MomentsAPI

/// Who may send which documents: persisted queries (APQ), trusted
/// documents, and the bearer-token viewer. Each option falls back to the
/// environment variable named in its help.
struct AccessOptions: ParsableArguments {
    @Option(help: "Automatic Persisted Queries (a document sent once, then by its SHA-256): on or off; the documents share the document cache's memory. [APQ] (default: on)")
    var apq: String?

    @Option(help: "Run only the operations of this persisted query manifest (apollo-persisted-query-manifest; `moments-bff manifest` writes the app's), by id or exact text. [TRUSTED_DOCUMENTS] (default: none)")
    var trustedDocuments: String?

    @OptionGroup var auth: AuthSecretOptions

    @Flag(help: "Serve without an auth secret on an address others can reach: anyone who reaches the port acts as any user. Without it such a server refuses to start. [ALLOW_ANONYMOUS=1]")
    var allowAnonymous = false

    @Option(help: "A Host name served to anonymous clients besides loopback names and IP addresses (repeatable; .example.com for a domain and its subdomains, * for any). [ALLOWED_HOSTS, comma separated] (default: none)")
    var allowedHosts: [String] = []

    /// `--allow-anonymous`, else `ALLOW_ANONYMOUS` (1, true, yes or on).
    var resolveAllowAnonymous: Bool {
        if allowAnonymous { return true }
        guard let value = Environment.string("ALLOW_ANONYMOUS")?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }

    /// The Host names anonymous requests may name (`HostCheck`).
    var resolveHostCheck: HostCheck {
        let names = allowedHosts.isEmpty
            ? (Environment.string("ALLOWED_HOSTS")?.split(separator: ",").map { String($0.trimmingOWS) } ?? [])
            : allowedHosts
        return HostCheck(allowedHosts: names)
    }

    /// Protected mode (Redis's model): a server reachable beyond loopback
    /// with no secret would let anyone act as any user, so it starts only
    /// when someone chose that (`--allow-anonymous`).
    static func checkProtectedMode(host: String, authenticated: Bool, allowAnonymous: Bool) throws(StartupError) {
        guard !authenticated, !allowAnonymous, !InternalPageSetting.isLoopback(host) else { return }
        throw StartupError("""
            refusing to serve \(LogLine.escaped(host, limit: 64)) without authentication: anyone who reaches \
            this address could read any timeline and like as any user. Give a secret with --auth-secret-file \
            (AUTH_SECRET_FILE) or --auth-secret (AUTH_SECRET), or accept anonymous access with --allow-anonymous \
            (ALLOW_ANONYMOUS=1), or listen on 127.0.0.1
            """)
    }

    /// The bearer-token check; nil when no secret is configured (no authentication).
    func resolveAuthenticator() throws -> BearerTokenVerifier? {
        try auth.resolveSecret().map { BearerTokenVerifier(secret: $0) }
    }

    func resolvePersistedQueries() throws -> PersistedQueryPolicy {
        var policy = PersistedQueryPolicy()
        switch (apq ?? Environment.string("APQ"))?.lowercased() {
        case nil, "on"?: policy.automaticPersistedQueries = true
        case "off"?: policy.automaticPersistedQueries = false
        case let other?:
            let source = apq != nil ? "--apq" : "APQ (--apq)"
            throw ValidationError("\(source) must be one of on, off (got \(LogLine.escaped(other, limit: 64)))")
        }
        if let path = trustedDocuments ?? Environment.string("TRUSTED_DOCUMENTS") {
            policy.trustedDocuments = try Self.loadManifest(path)
        }
        return policy
    }

    /// Reads at most `TrustedDocuments.maxManifestBytes` (one byte more tells it is larger).
    static func loadManifest(_ path: String) throws(StartupError) -> TrustedDocuments {
        let what = "trusted documents \(LogLine.escaped(path, limit: 256))"
        // The size first, so that a wrong path to a huge file is not read whole.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size > TrustedDocuments.maxManifestBytes
        {
            throw StartupError("\(what): larger than \(TrustedDocuments.maxManifestBytes) bytes")
        }
        guard let file = FileManager.default.contents(atPath: path) else {
            throw StartupError("\(what): cannot read the file")
        }
        guard file.count <= TrustedDocuments.maxManifestBytes else {
            throw StartupError("\(what): larger than \(TrustedDocuments.maxManifestBytes) bytes")
        }
        do {
            return try TrustedDocuments.load(json: Array(file))
        } catch {
            throw StartupError("\(what): \(error.description)")
        }
    }
}

extension PersistedQueryPolicy {
    /// Every trusted document must parse and validate against the served
    /// schema: a manifest from another build is a startup error, not a
    /// runtime surprise. This also warms the document cache with them.
    func checkTrustedDocuments(with engine: GraphQLEngine) throws(StartupError) {
        guard let trustedDocuments else { return }
        for operation in trustedDocuments.operations {
            if case .failure(let failure) = engine.prepare(operation.body) {
                let reason = failure.errors.first?.message ?? "invalid"
                throw StartupError("trusted document '\(LogLine.escaped(operation.name, limit: 128))' (\(operation.id)): \(reason)")
            }
        }
    }
}

/// A configuration that cannot serve (unreadable or invalid file): the
/// message, on standard error, and a non-zero exit.
struct StartupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
