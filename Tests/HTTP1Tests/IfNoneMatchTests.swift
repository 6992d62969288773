import HTTP1
import Testing

/// `If-None-Match` against an entity tag (RFC 9110 §13.1.2): the weak
/// comparison, `*`, lists, and nothing matched by a malformed element.
struct IfNoneMatchTests {
    @Test(arguments: [
        (#""abc""#, true), (#"W/"abc""#, true), (#""x", "abc""#, true), (" \"abc\" ", true), ("*", true),
        (#""abd""#, false), ("abc", false), (#""ab"c""#, false), ("", false), (#"w/"abc""#, false), (#""ABC""#, false),
    ])
    func matches(_ field: String, _ expected: Bool) {
        #expect(EntityTag.noneMatch([field], matches: #""abc""#) == expected, "\(field)")
        #expect(EntityTag.noneMatch([field], matches: #"W/"abc""#) == expected, "weak on both sides: \(field)")
    }

    @Test func everyFieldLineCounts() {
        #expect(EntityTag.noneMatch([#""x""#, #""abc""#], matches: #""abc""#))
        #expect(!EntityTag.noneMatch([], matches: #""abc""#))
    }

    @Test func aMalformedTagOfOursMatchesNothing() {
        #expect(!EntityTag.noneMatch(["*"], matches: "abc"))
    }

    @Test func pastTheBoundTheRestIsNotLookedAt() {
        let many = Array(repeating: #""x""#, count: EntityTag.maxCompared).joined(separator: ", ")
        #expect(!EntityTag.noneMatch([many + #", "abc""#], matches: #""abc""#), "a full 200, never a wrong 304")
        #expect(EntityTag.noneMatch([#""abc", "# + many], matches: #""abc""#))
    }
}
