import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// Protected mode and the Host check (docs/security.md): a server that others
/// can reach serves anonymously only when someone chose it, and an anonymous
/// server answers only for Host names a DNS-rebinding page cannot use.
@Suite struct ProtectedModeTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A refusing server exits at once; the check fails rather than hangs if it serves instead.
    @Test func everyInterfaceWithoutASecretRefusesToStart() throws {
        // (The image's HOST=0.0.0.0 is checked by docker/check-image-steps.sh: ServerProcess drops HOST.)
        for host in ["0.0.0.0", "::"] {
            do {
                let server = try ServerProcess(
                    databasePath: directory.databasePath, arguments: ["--host", host], deadline: .seconds(20))
                _ = server.stop()
                Issue.record("served \(host) anonymously without --allow-anonymous")
            } catch let error as ServerProcess.StartupError {
                #expect(error.description.contains("--auth-secret-file"))
                #expect(error.description.contains("--allow-anonymous"))
            }
        }
    }

    @Test func allowAnonymousServesEveryInterfaceAndSaysSo() async throws {
        for (arguments, environment) in [(["--allow-anonymous"], [String: String]()), ([], ["ALLOW_ANONYMOUS": "1"])] {
            let server = try ServerProcess(
                databasePath: directory.databasePath, arguments: ["--host", "0.0.0.0"] + arguments, environment: environment)
            let warning = server.waitForStderrLine { $0.contains("anonymous access allowed (--allow-anonymous)") }
            #expect(warning?.contains("warning") == true)
            let client = GraphQLClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.text.hasPrefix("ready\n"))
            #expect(ready.text.contains("anonymous access allowed (--allow-anonymous)"))
            #expect(server.stop() == 0)
        }
    }

    @Test func loopbackStaysTheZeroConfigurationDefault() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let ready = try await GraphQLClient(baseURL: server.baseURL).get("/readyz")
        #expect(ready.text == "ready\n")
        #expect(!server.stderrLines.contains { $0.contains("--allow-anonymous") })
    }

    /// One request on a fresh connection, exactly as written; the whole answer.
    static func exchange(_ port: Int, _ request: String) throws -> String {
        let client = try RawClient(port: port)
        try client.send(request)
        return try client.readUntilClose()
    }

    static func get(_ target: String, host: String?) -> String {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return "GET \(target) HTTP/1.\(host == nil ? 0 : 1)\r\n\(hostLine)Connection: close\r\n\r\n"
    }

    static let timelineTarget = "/graphql?query=%7BgetMomentsDetailsByUserID(userID:%220%22)%7BuserDetails%7Bname%7D%7D%7D"

    @Test func rebindingHostsAreRefusedOnEveryRoute() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        for host in ["attacker.example", "attacker.example:\(server.port)", "localhost.attacker.example", "127.0.0.1.nip.io"] {
            for target in [Self.timelineTarget, "/internal/facts", "/internal", "/healthz", "/metrics"] {
                let answer = try Self.exchange(server.port, Self.get(target, host: host))
                #expect(answer.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(host) \(target)")
                #expect(!answer.contains("Jake Lin") && !answer.contains("\"database\""), "\(host) \(target)")
            }
        }
        // A mutation from a rebound page never runs.
        let body = #"{"query":"mutation { updateMomentLike(momentID: \"0\", userID: \"0\", isLiked: true) { userDetails { id } } }"}"#
        let post = "POST /graphql HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        #expect(try Self.exchange(server.port, post).hasPrefix("HTTP/1.1 421 "))
    }

    @Test func loopbackNamesAndAddressesAreServed() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let port = server.port
        for host: String? in ["localhost", "localhost:\(port)", "LOCALHOST.", "app.localhost:\(port)", "127.0.0.1:\(port)",
                              "127.9.9.9", "[::1]:\(port)", "[::1]", "10.0.0.7:\(port)", nil] {
            let answer = try Self.exchange(port, Self.get(Self.timelineTarget, host: host))
            #expect(answer.contains(" 200 OK\r\n"), "\(host ?? "no Host")")
            #expect(answer.contains("Jake Lin"), "\(host ?? "no Host")")
        }
    }

    @Test func allowedHostsAddNames() throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--allowed-hosts", "dev.example.com", "--allowed-hosts", ".example.org"])
        for host in ["dev.example.com", "DEV.example.com:443", "example.org", "api.example.org"] {
            #expect(try Self.exchange(server.port, Self.get("/healthz", host: host)).hasPrefix("HTTP/1.1 200 "), "\(host)")
        }
        for host in ["example.com", "evil-example.org", "dev.example.com.attacker.example"] {
            #expect(try Self.exchange(server.port, Self.get("/healthz", host: host)).hasPrefix("HTTP/1.1 421 "), "\(host)")
        }
        let fromEnvironment = try ServerProcess(
            databasePath: directory.databasePath, environment: ["ALLOWED_HOSTS": "a.example, b.example"])
        #expect(try Self.exchange(fromEnvironment.port, Self.get("/healthz", host: "b.example")).hasPrefix("HTTP/1.1 200 "))
    }

    /// With a secret the token is the defence: a rebound page holds none, so any Host is served to a token holder.
    @Test func withASecretTheTokenDecidesNotTheHost() throws {
        let secretPath = directory.path + "/secret"
        try Data(AuthenticationTests.secret).write(to: URL(fileURLWithPath: secretPath))
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--auth-secret-file", secretPath])
        let token = AuthenticationTests.token("0")
        let request = "GET \(Self.timelineTarget) HTTP/1.1\r\nHost: api.example.com\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n"
        #expect(try Self.exchange(server.port, request).contains("Jake Lin"))
        #expect(try Self.exchange(server.port, Self.get(Self.timelineTarget, host: "api.example.com")).hasPrefix("HTTP/1.1 401 "))
    }
}
