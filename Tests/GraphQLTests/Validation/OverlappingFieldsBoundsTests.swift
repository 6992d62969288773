import Testing

@testable import GraphQL

/// OverlappingFieldsCanBeMergedRule's bounds: an error lists at most
/// `maxSubConflictsPerError` sub-conflicts (graphql-js lists them all: two
/// sibling fields selecting 1,600 conflicting fields each made a 329 MB
/// message), and identical fields or fragments are compared once, so the
/// work grows with the document, not with its square. Work is asserted as
/// validation cost, which every comparison adds to.
struct OverlappingFieldsBoundsTests {
    static let suffix = ". Use different aliases on the fields to fetch both if this was intentional."
    static let subConflict = #"subfields "x" conflict because "id" and "name" are different fields"#
    static let listingStopped = " (and more; the listing stops after 20 sub-conflicts)"

    static func conflicting(_ count: Int) -> String {
        #"{ getMomentsDetailsByUserID(userID: "0") { userDetails { "#
            + String(repeating: "x: id ", count: count) + "} userDetails { "
            + String(repeating: "x: name ", count: count) + "} } }"
    }

    static func cost(_ text: String) throws -> (errors: [GraphQLError], cost: Int) {
        validateMeasuringCost(schema: TestSchema.schema, document: try parse(text))
    }

    /// 4 x 5 = 20 sub-conflicts: graphql-js's error, whole. Expected:
    /// graphql-core 3.2.6 (graphql-js 16's algorithm), all rules.
    @Test func listsUpToTwentySubConflictsAsGraphQLJSDoes() throws {
        let errors = try Self.cost("{ user { x: id x: id x: id x: id } user { x: name x: name x: name x: name x: name } }").errors
        let ids = [10, 16, 22, 28].flatMap { Array(repeating: $0, count: 5) }
        let names = Array(Array(repeating: [43, 51, 59, 67, 75], count: 4).joined())
        let expected = ExpectedError(
            #"Fields "user" conflict because "# + Array(repeating: Self.subConflict, count: 20).joined(separator: " and ")
                + Self.suffix)
        #expect(errors.map(\.message) == [expected.message])
        #expect(errors.first?.locations.map(\.column) == [3] + ids + [36] + names)
    }

    /// 3 x 7 = 21: the first 20 (graphql-js's order), then the marker; the
    /// locations of the fields of those 20.
    @Test func stopsListingPastTwentySubConflicts() throws {
        let errors = try Self.cost("{ user { x: id x: id x: id } user { x: name x: name x: name x: name x: name x: name x: name } }").errors
        #expect(
            errors.map(\.message) == [
                #"Fields "user" conflict because "# + Array(repeating: Self.subConflict, count: 20).joined(separator: " and ")
                    + Self.listingStopped + Self.suffix
            ])
        let ids = [10, 10, 10, 10, 10, 10, 10, 16, 16, 16, 16, 16, 16, 16, 22, 22, 22, 22, 22, 22]
        let names = [37, 45, 53, 61, 69, 77, 85, 37, 45, 53, 61, 69, 77, 85, 37, 45, 53, 61, 69, 77]
        #expect(errors.first?.locations.map(\.column) == [3] + ids + [30] + names)
    }

    /// Was 9 s, 1.6 GB and a 329 MB answer (release build).
    @Test func sixteenHundredConflictingFieldsTwiceGetOneSmallError() throws {
        let (errors, cost) = try Self.cost(Self.conflicting(1_600))
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasSuffix(Self.listingStopped + Self.suffix) == true)
        #expect(errors.first?.locations.count == OverlappingFieldsFinder.maxLocationsPerError)
        #expect(errorResponseBody(errors).count < 4_096)
        let (_, smallCost) = try Self.cost(Self.conflicting(160))
        #expect(cost <= 15 * smallCost, "10x the fields: \(smallCost) -> \(cost)")
    }

    /// The same conflict reached through fragments and through nested lists.
    @Test(arguments: [
        (
            "through fragments",
            #"{ getMomentsDetailsByUserID(userID: "0") { userDetails { ...A } userDetails { ...B } } }"#
                + "\nfragment A on UserDetails { " + String(repeating: "x: id ", count: 1_500) + "}"
                + "\nfragment B on UserDetails { " + String(repeating: "x: name ", count: 1_500) + "}"
        ),
        (
            "through nested lists",
            #"{ getMomentsDetailsByUserID(userID: "0") { moments { likes { "#
                + String(repeating: "x: id ", count: 1_500) + "} } moments { likes { "
                + String(repeating: "x: name ", count: 1_500) + "} } } }"
        ),
    ])
    func conflictsThroughFragmentsAndListsStayBounded(_ name: String, _ text: String) throws {
        let (errors, cost) = try Self.cost(text)
        #expect(errors.count == 1, "\(name)")
        #expect(errors.first?.message.hasSuffix(Self.listingStopped + Self.suffix) == true, "\(name)")
        #expect((errors.first?.locations.count ?? 0) <= OverlappingFieldsFinder.maxLocationsPerError, "\(name)")
        #expect(cost < 20_000, "\(name): \(cost)")
    }

    /// Two sibling selections of 4,900 identical fields: 1.7 s of CPU before
    /// (every pair compared); 10x the fields now costs about 10x the work.
    @Test func identicalFieldsCostLinearWork() throws {
        func identical(_ count: Int) -> String {
            #"{ getMomentsDetailsByUserID(userID: "0") { userDetails { "# + String(repeating: "id ", count: count)
                + "} userDetails { " + String(repeating: "id ", count: count) + "} } }"
        }
        let (errors, cost) = try Self.cost(identical(4_900))
        #expect(errors.isEmpty)
        let (_, smallCost) = try Self.cost(identical(490))
        #expect(cost <= 15 * smallCost, "10x the fields: \(smallCost) -> \(cost)")
    }

    /// graphql-js compares every pair of fragments spread side by side
    /// (244,650 for 700); fragments with the same contents are compared once.
    @Test func identicalFragmentsCostLinearWork() throws {
        func fragments(_ count: Int) -> String {
            "{ " + (0..<count).map { "...F\($0) " }.joined() + "}\n"
                + (0..<count).map { "fragment F\($0) on Query { user { name } }\n" }.joined()
        }
        let (errors, cost) = try Self.cost(fragments(700))
        #expect(errors.isEmpty)
        let (_, smallCost) = try Self.cost(fragments(70))
        #expect(cost <= 15 * smallCost, "10x the fragments: \(smallCost) -> \(cost)")
    }

    /// Remembering clean fragment pairs by content must not hide a conflict
    /// that a same-content fragment has with another one (fields differ).
    @Test func fragmentsWithTheSameContentsStillConflictWithOthers() throws {
        let errors = try Self.cost(
            """
            { ...A ...B ...C }
            fragment A on Query { x: user { name } }
            fragment B on Query { x: user { name } }
            fragment C on Query { x: moment(id: 1) { id } }
            """
        ).errors
        #expect(
            errors.map(ExpectedError.init) == [
                ExpectedError(#"Fields "x" conflict because "user" and "moment" are different fields"# + Self.suffix, (2, 23), (4, 23)),
                ExpectedError(#"Fields "x" conflict because "user" and "moment" are different fields"# + Self.suffix, (3, 23), (4, 23)),
            ])
    }
}
