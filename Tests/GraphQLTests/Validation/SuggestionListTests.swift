import Testing

@testable import GraphQL

// graphql-js src/jsutils/__tests__/suggestionList-test.ts and didYouMean-test.ts;
// expectations from graphql-core 3.2 `suggestion_list`.
struct SuggestionListTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var options: [String]
        var expected: [String]
        var testDescription: String { input.isEmpty ? "(empty)" : input }
    }

    static let cases: [Case] = [
        Case(input: "titel", options: ["title", "likes", "type", "url", "id"], expected: ["title", "likes", "type"]),
        Case(input: "a", options: ["a1", "a10", "a2", "b", "A"], expected: ["A", "a1", "a2", "b"]),
        Case(
            input: "Momentt", options: ["Moment", "MomentType", "MomentsDetails", "Mutation"],
            expected: ["Moment", "MomentType"]),
        Case(input: "f10", options: ["f2", "f1", "f10x", "f100", "F10"], expected: ["F10", "f1", "f10x", "f100", "f2"]),
        Case(input: "x", options: [], expected: []),
        Case(input: "abc", options: ["cba", "bac", "acb", "abcd", "ab"], expected: ["ab", "abcd", "acb", "bac", "cba"]),
        Case(input: "", options: ["a", ""], expected: ["", "a"]),
        Case(input: "userid", options: ["userID", "UserID", "id", "user"], expected: ["UserID", "userID", "user"]),
    ]

    @Test(arguments: cases)
    func suggestsCloseOptionsInGraphQLJSOrder(_ testCase: Case) {
        #expect(SuggestionList.suggestions(for: testCase.input, from: testCase.options) == testCase.expected)
    }

    @Test func naturalCompareOrdersDigitRunsByValue() {
        #expect(SuggestionList.naturalCompare("a2", "a10") < 0)
        #expect(SuggestionList.naturalCompare("a10", "a2") > 0)
        #expect(SuggestionList.naturalCompare("abc", "abc") == 0)
        #expect(SuggestionList.naturalCompare("ab", "abc") < 0)
        #expect(SuggestionList.naturalCompare("B", "a") < 0)
    }

    @Test func didYouMeanListsAtMostFiveQuotedSuggestions() {
        #expect(SuggestionList.didYouMean([]) == "")
        #expect(SuggestionList.didYouMean(["A"]) == " Did you mean \"A\"?")
        #expect(SuggestionList.didYouMean(["A", "B"]) == " Did you mean \"A\" or \"B\"?")
        #expect(SuggestionList.didYouMean(["A", "B", "C"]) == " Did you mean \"A\", \"B\", or \"C\"?")
        #expect(
            SuggestionList.didYouMean(["A", "B", "C", "D", "E", "F"])
                == " Did you mean \"A\", \"B\", \"C\", \"D\", or \"E\"?")
        #expect(
            SuggestionList.didYouMean(["X"], subMessage: "the enum value") == " Did you mean the enum value \"X\"?")
    }
}
