import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/OverlappingFieldsCanBeMergedRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct OverlappingFieldsCanBeMergedRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "unique fields",
            "fragment uniqueFields on Moment { title url }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: unique fields"),
        ValidationCase(
            "identical fields",
            "fragment mergeIdenticalFields on Moment { title title }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: identical fields"),
        ValidationCase(
            "identical fields with identical args",
            "fragment f on MomentsDetails { moments(limit: 1) { id } moments(limit: 1) { id } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: identical fields with identical args"),
        ValidationCase(
            "identical fields with identical directives",
            "fragment f on Moment { title @include(if: true) title @include(if: true) }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: identical fields with identical directives"),
        ValidationCase(
            "different args with different aliases",
            "fragment f on MomentsDetails { a: moments(limit: 1) { id } b: moments(limit: 2) { id } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: different args with different aliases"),
        ValidationCase(
            "different directives with different aliases",
            "fragment f on Moment { a: title @include(if: true) b: title @include(if: false) }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: different directives with different aliases"),
        ValidationCase(
            "different skip/include directives accepted",
            "fragment f on Moment { title @include(if: true) title @include(if: false) }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: different skip/include directives accepted"),
        ValidationCase(
            "same aliases with different field targets",
            "fragment sameAliasesWithDifferentFieldTargets on Moment { fido: title fido: url }",
            errors: [
                ExpectedError("Fields \"fido\" conflict because \"title\" and \"url\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 59), (1, 71)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: Same aliases with different field targets"),
        ValidationCase(
            "alias masking direct field access",
            "fragment aliasMaskingDirectFieldAccess on Moment { title: url title }",
            errors: [
                ExpectedError("Fields \"title\" conflict because \"url\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 52), (1, 63)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: Alias masking direct field access"),
        ValidationCase(
            "different args, second adds an argument",
            "fragment f on MomentsDetails { moments { id } moments(limit: 1) { id } }",
            errors: [
                ExpectedError("Fields \"moments\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (1, 32), (1, 47)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: different args, second adds an argument"),
        ValidationCase(
            "different args, second missing an argument",
            "fragment f on MomentsDetails { moments(limit: 1) { id } moments { id } }",
            errors: [
                ExpectedError("Fields \"moments\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (1, 32), (1, 57)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: different args, second missing an argument"),
        ValidationCase(
            "conflicting arg values",
            "fragment f on MomentsDetails { moments(limit: 1) { id } moments(limit: 2) { id } }",
            errors: [
                ExpectedError("Fields \"moments\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (1, 32), (1, 57)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: conflicting arg values"),
        ValidationCase(
            "canonically equivalent string args are different values",
            "{\n  a: moment(id: \"Jos\u{E9}\") { id }\n  a: moment(id: \"Jose\u{301}\") { id }\n}",
            errors: [
                ExpectedError("Fields \"a\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (2, 3), (3, 3)),
            ],
            source: "byte identity: graphql-js compares printed values as JavaScript strings (code units), never normalised"),
        ValidationCase(
            "conflicting arg names",
            "fragment f on MomentsDetails { moments(limit: 1) { id } moments(type: URL) { id } }",
            errors: [
                ExpectedError("Fields \"moments\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (1, 32), (1, 57)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: conflicting arg names"),
        ValidationCase(
            "same args in a different order",
            "fragment f on MomentsDetails { moments(limit: 1, type: URL) { id } moments(type: URL, limit: 1) { id } }",
            source: "ours: argument order does not matter"),
        ValidationCase(
            "equal variables and lists",
            "query ($t: [MomentType!]) { getMomentsDetailsByUserID(userID: 1) { moments(types: $t) { id } moments(types: $t) { id } m: moments(types: [URL, PHOTOS]) { id } m: moments(types: [URL, PHOTOS]) { id } } }",
            source: "ours: arguments compared by printed value"),
        ValidationCase(
            "allows different args where no conflict is possible",
            "{ ... on Query { user(id: 1) { name } } ... on Query { user(id: 1) { name } } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: allows different args where no conflict is possible"),
        ValidationCase(
            "encounters conflict in fragments",
            """
            { ...A ...B }
            fragment A on Query { x: __typename }
            fragment B on Query { x: user { name } }
            """,
            errors: [
                ExpectedError("Fields \"x\" conflict because \"__typename\" and \"user\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (2, 23), (3, 23)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: encounters conflict in fragments"),
        ValidationCase(
            "reports each conflict once",
            """
            {
              f1: moment(id: 1) { ...A ...B }
              f2: moment(id: 1) { ...B ...A }
              f3: moment(id: 1) { ...A ...B x: url }
            }
            fragment A on Moment { x: title }
            fragment B on Moment { x: id }
            """,
            errors: [
                ExpectedError("Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (6, 24), (7, 24)),
                ExpectedError("Fields \"x\" conflict because \"url\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (4, 33), (6, 24)),
                ExpectedError("Fields \"x\" conflict because \"url\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (4, 33), (7, 24)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: reports each conflict once"),
        ValidationCase(
            "deep conflict",
            "{ field: user(id: 1) { x: name } field: user(id: 1) { x: id } }",
            errors: [
                ExpectedError("Fields \"field\" conflict because subfields \"x\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 3), (1, 24), (1, 34), (1, 55)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: deep conflict"),
        ValidationCase(
            "deep conflict with multiple issues",
            "{ field: user(id: 1) { x: name y: avatar } field: user(id: 1) { x: id y: backgroundImage } }",
            errors: [
                ExpectedError("Fields \"field\" conflict because subfields \"x\" conflict because \"name\" and \"id\" are different fields and subfields \"y\" conflict because \"avatar\" and \"backgroundImage\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 3), (1, 24), (1, 32), (1, 44), (1, 65), (1, 71)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: deep conflict with multiple issues"),
        ValidationCase(
            "very deep conflict",
            """
            {
              field: getMomentsDetailsByUserID(userID: 1) { deepField: userDetails { x: name } }
              field: getMomentsDetailsByUserID(userID: 1) { deepField: userDetails { x: id } }
            }
            """,
            errors: [
                ExpectedError("Fields \"field\" conflict because subfields \"deepField\" conflict because subfields \"x\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (2, 3), (2, 49), (2, 74), (3, 3), (3, 49), (3, 74)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: very deep conflict"),
        ValidationCase(
            "reports deep conflict to nearest common ancestor",
            """
            {
              field: getMomentsDetailsByUserID(userID: 1) {
                deepField: userDetails { x: name }
                deepField: userDetails { x: id }
              }
              field: getMomentsDetailsByUserID(userID: 1) { deepField: userDetails { y: name } }
            }
            """,
            errors: [
                ExpectedError("Fields \"deepField\" conflict because subfields \"x\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (3, 5), (3, 30), (4, 5), (4, 30)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: reports deep conflict to nearest common ancestor"),
        ValidationCase(
            "reports deep conflict to nearest common ancestor in fragments",
            """
            {
              field: getMomentsDetailsByUserID(userID: 1) { ...F }
              field: getMomentsDetailsByUserID(userID: 1) { ...F }
            }
            fragment F on MomentsDetails {
              deepField: userDetails { y: name }
              deepField: userDetails { y: id }
            }
            """,
            errors: [
                ExpectedError("Fields \"deepField\" conflict because subfields \"y\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (6, 3), (6, 28), (7, 3), (7, 28)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: reports deep conflict to nearest common ancestor in fragments"),
        ValidationCase(
            "reports deep conflict in nested fragments",
            """
            {
              field: getMomentsDetailsByUserID(userID: 1) { ...F }
              field: getMomentsDetailsByUserID(userID: 1) { ...I }
            }
            fragment F on MomentsDetails { x: userDetails { name } ...G }
            fragment G on MomentsDetails { y: userDetails { name } }
            fragment I on MomentsDetails { y: userDetails { id } ...J }
            fragment J on MomentsDetails { x: userDetails { id } }
            """,
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: reports deep conflict in nested fragments"),
        ValidationCase(
            "ignores unknown fragments",
            """
            { field ...Unknown ...Known }
            fragment Known on Query { field ...OtherUnknown }
            """,
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: ignores unknown fragments"),
        ValidationCase(
            "conflicting return types which potentially overlap",
            "{ search { ... on Moment { x: title } } user { ... on UserDetails { x: name } } x: __typename }",
            source: "ours: different parents at the same level still must agree"),
        ValidationCase(
            "disallows differing return type nullability",
            "{ moment(id: 1) { t: title t: createdDate } }",
            errors: [
                ExpectedError("Fields \"t\" conflict because \"title\" and \"createdDate\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 19), (1, 28)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: disallows differing return type nullability despite no overlap"),
        ValidationCase(
            "disallows differing return type list despite no overlap",
            "{ moment(id: 1) { ... on Moment { p: photos } } moment(id: 1) { ... on Moment { p: title } } }",
            errors: [
                ExpectedError("Fields \"moment\" conflict because subfields \"p\" conflict because \"photos\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 3), (1, 35), (1, 49), (1, 81)),
            ],
            source: "ours: list vs scalar"),
        ValidationCase(
            "disallows differing leaf types",
            "{ moment(id: 1) { x: type x: title } }",
            errors: [
                ExpectedError("Fields \"x\" conflict because \"type\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 19), (1, 27)),
            ],
            source: "ours: enum vs scalar"),
        ValidationCase(
            "allows non-conflicting overlapping types",
            "{ moment(id: 1) { ... on Moment { t: title } ... on Moment { t: title } } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: allows non-conflicting overlapping types"),
        ValidationCase(
            "same wrapped scalar return types",
            "{ moment(id: 1) { p: photos p: photos } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: same wrapped scalar return types"),
        ValidationCase(
            "allows inline fragments without type condition",
            "{ a: __typename ... { a: __typename } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: allows inline fragments without type condition"),
        ValidationCase(
            "compares deep types including list",
            "{ getMomentsDetailsByUserID(userID: 1) { moments { likes { id } } moments { likes { id: name } } } }",
            errors: [
                ExpectedError("Fields \"moments\" conflict because subfields \"likes\" conflict because subfields \"id\" conflict because \"id\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 42), (1, 52), (1, 60), (1, 67), (1, 77), (1, 85)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: compares deep types including list"),
        ValidationCase(
            "ignores unknown types",
            "{ moment(id: 1) { ...on UnknownType { x: title } ...on Moment { x: title } } }",
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: ignores unknown types"),
        ValidationCase(
            "does not infinite loop on recursive fragment",
            """
            { ...fragA }
            fragment fragA on Query { user { name } ...fragA }
            """,
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: does not infinite loop on recursive fragment"),
        ValidationCase(
            "does not infinite loop on immediately recursive fragment",
            """
            { ...fragA }
            fragment fragA on Query { x: __typename ...fragA }
            """,
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: does not infinite loop on immediately recursive fragment"),
        ValidationCase(
            "finds invalid case even with immediately recursive fragment",
            "fragment sameAliasesWithDifferentFieldTargets on Moment { ...sameAliasesWithDifferentFieldTargets fido: title fido: url }",
            errors: [
                ExpectedError("Fields \"fido\" conflict because \"title\" and \"url\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 99), (1, 111)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: finds invalid case even with immediately recursive fragment"),
        ValidationCase(
            "does not infinite loop on transitively recursive fragment",
            """
            { ...fragA user { name } }
            fragment fragA on Query { user { name } ...fragB }
            fragment fragB on Query { user { name } ...fragC }
            fragment fragC on Query { user { name } ...fragA }
            """,
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: does not infinite loop on transitively recursive fragment"),
        ValidationCase(
            "finds invalid case even with field named after fragment",
            "fragment fragA on Moment { fragA: title ...fragA fragA: url }",
            errors: [
                ExpectedError("Fields \"fragA\" conflict because \"title\" and \"url\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 28), (1, 50)),
            ],
            source: "graphql-js OverlappingFieldsCanBeMergedRule-test.ts: finds invalid case even with field named after fragment"),
        ValidationCase(
            "field conflict across fragments with arguments",
            """
            query ($a: ID) { ...X ...Y }
            fragment X on Query { u: user(id: $a) { name } }
            fragment Y on Query { u: user(id: 2) { name } }
            """,
            errors: [
                ExpectedError("Fields \"u\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (2, 23), (3, 23)),
            ],
            source: "ours: arguments differ between two spread fragments"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(OverlappingFieldsCanBeMergedRule.self, testCase)
    }
}
