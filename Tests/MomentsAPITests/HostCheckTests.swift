import HTTP1
import MomentsAPI
import Testing

@Suite struct HostCheckTests {
    let check = HostCheck(allowedHosts: ["dev.example.com", ".example.org"])

    @Test(arguments: [
        "localhost", "localhost:4000", "LocalHost", "localhost.", "a.localhost", "a.b.localhost:1",
        "127.0.0.1", "127.0.0.1:4000", "127.255.0.9", "10.0.0.7:80", "0.0.0.0",
        "[::1]", "[::1]:4000", "[fe80::1]:8080",
        "dev.example.com", "DEV.EXAMPLE.COM:443", "example.org", "a.example.org",
    ])
    func served(_ host: String) {
        #expect(check.allows(host))
    }

    @Test(arguments: [
        "attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "1.2.3", "1.2.3.4.5", "256.0.0.1",
        "0127.0.0.1", "example.com", "xdev.example.com", "evil-example.org", "example.org.attacker", "", ":4000",
    ])
    func refused(_ host: String) {
        #expect(!check.allows(host))
    }

    @Test func noHostIsJudgedByTheAddressConnectedTo() {
        #expect(check.allows(nil))
    }

    @Test func starAllowsAnyName() {
        #expect(HostCheck(allowedHosts: ["*"]).allows("anything.example"))
    }

    @Test(arguments: ["127.0.0.1", "127.3.4.5", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"])
    func loopbackPeers(_ address: String) {
        #expect(Loopback.contains(address))
    }

    @Test(arguments: ["10.0.0.7", "0.0.0.0", "::", "::ffff:10.0.0.7", "128.0.0.1", "fe80::1", "localhost.example"])
    func otherPeers(_ address: String) {
        #expect(!Loopback.contains(address))
    }

    @Test func theResetNeedsALoopbackConnection() {
        let handler = InternalResetHandler(available: true, token: "t", reset: {})
        var request = HTTPRequest(
            method: .post, target: "/internal/reset", headers: ["Host": "127.0.0.1", "Content-Type": "application/json"],
            body: Array(#"{"confirm":"t"}"#.utf8))
        request.remoteAddress = "10.0.0.7"
        #expect(handler.handle(request).status.code == 403)
        request.remoteAddress = nil
        #expect(handler.handle(request).status.code == 403)
        request.remoteAddress = "127.0.0.1"
        #expect(handler.handle(request).status.code == 200)
    }
}
