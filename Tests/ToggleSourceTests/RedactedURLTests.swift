import Testing

@testable import ToggleSource

/// Credentials in a toggles URL never reach a log line, an error or the QA
/// page: userinfo and query values are masked, the rest is shown as given.
@Suite struct RedactedURLTests {
    @Test(arguments: [
        ("https://user:secret@unleash.example/api", "https://***@unleash.example/api"),
        ("https://token@unleash.example", "https://***@unleash.example"),
        ("http://u:p@127.0.0.1:4242", "http://***@127.0.0.1:4242"),
        ("https://u:p@w@unleash.example/", "https://***@unleash.example/"),
        ("https://u:p@unleash.example/a@b", "https://***@unleash.example/a@b"),
        ("https://unleash.example/api?token=abc&env=prod", "https://unleash.example/api?token=***&env=***"),
        ("https://u:p@unleash.example?apikey", "https://***@unleash.example?***"),
        ("https://unleash.example/api?token=a#part", "https://unleash.example/api?token=***#part"),
        ("https://unleash.example/api", "https://unleash.example/api"),
        ("http://unleash.example:4242/a/b/", "http://unleash.example:4242/a/b/"),
    ])
    func masksCredentials(_ url: String, _ shown: String) {
        #expect(RedactedURL(url).description == shown)
    }

    @Test func theSourceShownMasksTheURL() {
        let configuration = ToggleSourceConfiguration(origin: .unleash(url: "https://user:secret@unleash.example/api/", token: "t"))
        #expect(configuration.redactedSource == "url https://***@unleash.example/api/api/client/features")
        #expect(configuration.featuresURL == "https://user:secret@unleash.example/api/api/client/features")
        #expect(ToggleSourceConfiguration(origin: .file(path: "/etc/toggles.json")).redactedSource == "file /etc/toggles.json")
        #expect(ToggleSourceConfiguration(origin: .builtIn).redactedSource == "built-in")
    }
}
