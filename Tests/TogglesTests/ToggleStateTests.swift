import Testing

@testable import Toggles

/// Refusals of bad state documents: a clear error, never a crash.
@Suite struct ToggleStateTests {
    @Test func malformedJSONIsRefused() {
        #expect(throws: ToggleStateError.self) { try ToggleState.parse(Array("{\"features\": [".utf8)) }
    }

    @Test func oversizedDocumentIsRefused() {
        let limits = ToggleLimits(maxStateBytes: 10)
        #expect(throws: ToggleStateError.tooLarge(bytes: 15, limit: 10)) {
            try ToggleState.parse(Array("{\"features\":[]}".utf8), limits: limits)
        }
    }

    @Test func tooManyFeaturesAreRefused() {
        let limits = ToggleLimits(maxFeatures: 1)
        let text = "{\"features\":[{\"name\":\"a\"},{\"name\":\"b\"}]}"
        #expect(throws: ToggleStateError.tooMany(what: "features", count: 2, limit: 1)) {
            try ToggleState.parse(Array(text.utf8), limits: limits)
        }
    }

    @Test func wrongTypesNameTheirPath() {
        #expect(throws: ToggleStateError.invalid(path: "features[0].name", expected: "a string")) {
            try ToggleState.parse(Array("{\"features\":[{\"name\":1}]}".utf8))
        }
    }

    @Test func semverOrdering() throws {
        let versions = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.4.0"]
        let parsed = versions.compactMap(SemanticVersion.init)
        #expect(parsed.count == versions.count)
        #expect(parsed == parsed.sorted())
        #expect(SemanticVersion("01.0.0") == nil)
        #expect(SemanticVersion("v1.0.0") == nil)
    }

    @Test func timestamps() {
        #expect(Timestamp.parse("1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.parse("1970-01-01T01:00:00+01:00") == 0)
        #expect(Timestamp.parse("2022-01-29T13:00:00.500Z") == 1_643_461_200.5)
        #expect(Timestamp.parse("yesterday") == nil)
    }
}
