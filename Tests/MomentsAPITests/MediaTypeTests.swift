import Testing

@testable import MomentsAPI

@Suite struct MediaTypeTests {
    struct Case: Sendable, CustomStringConvertible {
        var accept: String?
        var expected: GraphQLMediaType
        var description: String { accept ?? "(none)" }
    }

    static let cases: [Case] = [
        .init(accept: nil, expected: .json),
        .init(accept: "", expected: .json),
        .init(accept: "*/*", expected: .json),
        .init(accept: "application/json", expected: .json),
        .init(accept: "application/graphql-response+json", expected: .graphQLResponseJSON),
        .init(accept: "application/graphql-response+json, application/json", expected: .graphQLResponseJSON),
        .init(accept: "application/json, application/graphql-response+json", expected: .json),
        .init(accept: "application/json;q=0.9, application/graphql-response+json", expected: .graphQLResponseJSON),
        .init(accept: "application/graphql-response+json;q=0.5, application/json", expected: .json),
        .init(accept: "application/graphql-response+json;q=0", expected: .json),
        .init(accept: "text/html", expected: .json),
        .init(accept: "APPLICATION/GRAPHQL-RESPONSE+JSON", expected: .graphQLResponseJSON),
        .init(accept: "application/json;q=0.2, */*;q=0.5", expected: .graphQLResponseJSON),
        .init(accept: "application/json ; Q = 0.3 , application/graphql-response+json;q=0.4", expected: .graphQLResponseJSON),
    ]

    @Test(arguments: cases)
    func negotiates(_ testCase: Case) {
        #expect(GraphQLMediaType.negotiate(accept: testCase.accept) == testCase.expected)
    }

    struct QueryCase: Sendable, CustomStringConvertible {
        var query: String
        var expected: [String: String]
        var description: String { query }
    }

    static let queries: [QueryCase] = [
        .init(query: "a=1&b=2", expected: ["a": "1", "b": "2"]),
        .init(query: "q=x+y%21", expected: ["q": "x y!"]),
        .init(query: "q=%7B%20a%20%7D&q=second", expected: ["q": "{ a }"]),
        .init(query: "q=%zz%4", expected: ["q": "%zz%4"]),
        .init(query: "flag&=v", expected: ["flag": "", "": "v"]),
        .init(query: "u=%F0%9F%8E%89", expected: ["u": "🎉"]),
    ]

    @Test(arguments: queries)
    func decodesQueryStrings(_ testCase: QueryCase) {
        #expect(QueryString.parse(testCase.query[...]) == testCase.expected)
    }
}
