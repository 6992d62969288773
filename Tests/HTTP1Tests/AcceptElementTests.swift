import Testing
@testable import HTTP1

struct AcceptElementTests {
    /// What a reader of `Accept` sees: each range as sent (trimmed), its weight, its place.
    private func read(_ value: String) -> [String] {
        AcceptElement.elements(of: value).map { "\($0.position):\(String(Substring($0.mediaRange)))@\($0.q)" }
    }

    @Test func readsRangesWeightsAndPlaces() {
        #expect(read("application/json") == ["0:application/json@1.0"])
        #expect(
            read(" text/html ;level=1 , application/json; q=0.5,*/*;Q = 0.1")
                == ["0:text/html@1.0", "1:application/json@0.5", "2:*/*@0.1"])
        // Empty elements are not counted; a whitespace-only one is an empty range.
        #expect(read("a/b,,c/d, ,e/f") == ["0:a/b@1.0", "1:c/d@1.0", "2:@1.0", "3:e/f@1.0"])
        #expect(read("") == [])
    }

    @Test func anUnreadableWeightIsZeroAndTheLastWeightWins() {
        #expect(read("a/b;q=high") == ["0:a/b@0.0"])
        #expect(read("a/b;q=0.2;q=0.7") == ["0:a/b@0.7"])
        #expect(read("a/b;quality=0.2") == ["0:a/b@1.0"])
        #expect(read("a/b;q") == ["0:a/b@1.0"])
    }

    @Test func rangesCompareIgnoringCase() {
        let element = AcceptElement.elements(of: "Application/GraphQL-Response+JSON")[0]
        #expect(element.names("application/graphql-response+json"))
        #expect(!element.names("application/json"))
        #expect(!AcceptElement.elements(of: "application/jsonx")[0].names("application/json"))
    }
}
