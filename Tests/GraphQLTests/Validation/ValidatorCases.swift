import Testing

@testable import GraphQL

// The whole rule set through the public `validate`: documents the app sends,
// and errors from several rules interleaved in graphql-js order. Expectations from
// graphql-core 3.2 `validate(schema, parse(doc))`, quotes as graphql-js writes them.
extension ValidatorTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "timeline with likes (the app's query)",
            """
            query GetMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {
              getMomentsDetailsByUserID(userID: $userID) {
                userDetails { id name avatar backgroundImage }
                moments {
                  id
                  userDetails { id name avatar }
                  type
                  title
                  url
                  photos
                  createdDate
                  isLiked @include(if: $withLikes)
                  likes @include(if: $withLikes) { id avatar }
                }
              }
            }
            """,
            source: "docs/api.md: the app's timeline document"),
        ValidationCase(
            "like a moment (the app's mutation)",
            """
            mutation UpdateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
              updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
                userDetails { id }
                moments { id isLiked likes { id } }
              }
            }
            """,
            source: "docs/api.md: the app's like mutation"),
        ValidationCase(
            "fragments, aliases and inline fragments",
            """
            query Timeline($id: ID!, $skipPhotos: Boolean = false) {
              me: getMomentsDetailsByUserID(userID: $id) { ...Details }
              again: getMomentsDetailsByUserID(userID: $id) { ... on MomentsDetails { userDetails { __typename name } } }
            }
            fragment Details on MomentsDetails {
              userDetails { ...User }
              moments { id photos @skip(if: $skipPhotos) userDetails { ...User } }
            }
            fragment User on UserDetails { id name }
            """,
            source: "ours: the language features docs/api.md lists"),
        ValidationCase(
            "errors from several rules come in document order",
            """
            query Q($unused: Int, $id: ID) {
              getMomentsDetailsByUserID(userID: $id) {
                userDetails { nam }
                moments(limit: "ten", limit: 2) @skip { title { x } likes }
              }
              ...Missing
            }
            query Q { user(id: 1, bogus: true) { name name: id } }
            fragment Unused on Moment { ... on UserDetails { id } }
            """,
            errors: [
                ExpectedError("Cannot query field \"nam\" on type \"UserDetails\". Did you mean \"name\"?", (3, 19)),
                ExpectedError("There can be only one argument named \"limit\".", (4, 13), (4, 27)),
                ExpectedError("Int cannot represent non-integer value: \"ten\"", (4, 20)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (4, 37)),
                ExpectedError("Field \"title\" must not have a selection since type \"String\" has no subfields.", (4, 51)),
                ExpectedError("Field \"likes\" of type \"[UserDetails!]!\" must have a selection of subfields. Did you mean \"likes { ... }\"?", (4, 57)),
                ExpectedError("Unknown fragment \"Missing\".", (6, 6)),
                ExpectedError("Variable \"$unused\" is never used in operation \"Q\".", (1, 9)),
                ExpectedError("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", (1, 23), (2, 37)),
                ExpectedError("There can be only one operation named \"Q\".", (1, 7), (8, 7)),
                ExpectedError("Unknown argument \"bogus\" on field \"Query.user\".", (8, 23)),
                ExpectedError("Fields \"name\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (8, 38), (8, 43)),
                ExpectedError("Fragment cannot be spread here as objects of type \"Moment\" can never be of type \"UserDetails\".", (9, 29)),
                ExpectedError("Fragment \"Unused\" is never used.", (9, 1)),
            ],
            source: "ours: interleaving of rules as graphql-js visitInParallel"),
        ValidationCase(
            "type system definitions beside an operation",
            """
            { user { name } }
            type Extra { field: String }
            """,
            errors: [
                ExpectedError("The \"Extra\" definition is not executable.", (2, 1)),
            ],
            source: "graphql-js ExecutableDefinitionsRule-test.ts: with type definition"),
    ]

    /// Random documents over the test schema (a generator of fields, aliases, arguments,
    /// literals, variables, directives and fragments); every rule at once, compared
    /// with graphql-core. 6,000 such documents matched when this was written.
    static let randomCases: [ValidationCase] = [
        ValidationCase(
            "random document 1",
            "{ y: search(after: [], limit: $a, matrix: 1.5) @deprecated { isLiked(text: true, userID: 2e3) @deprecated likes: isLiked(ids: 1.5, types: VIDEO) { type(matrix: null) @skip(if: $a) } } }",
            errors: [
                ExpectedError("Unknown argument \"after\" on field \"Query.search\".", (1, 13)),
                ExpectedError("Unknown argument \"limit\" on field \"Query.search\".", (1, 24)),
                ExpectedError("Int cannot represent non-integer value: 1.5", (1, 43)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 48)),
                ExpectedError("Unknown argument \"text\" on field \"Moment.isLiked\".", (1, 70)),
                ExpectedError("Unknown argument \"userID\" on field \"Moment.isLiked\".", (1, 82)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 95)),
                ExpectedError("Field \"isLiked\" must not have a selection since type \"Boolean!\" has no subfields.", (1, 146)),
                ExpectedError("Unknown argument \"ids\" on field \"Moment.isLiked\".", (1, 122)),
                ExpectedError("Unknown argument \"types\" on field \"Moment.isLiked\".", (1, 132)),
                ExpectedError("Variable \"$a\" is not defined.", (1, 31), (1, 1)),
                ExpectedError("Variable \"$a\" is not defined.", (1, 177), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 2",
            """
            query($a: Unknown) @deprecated { x: getMomentsDetailsByUserID }
            fragment F3 on UserDetails { name ...F3 }
            fragment F1 on Moment { title @skip(if: $a) id @deprecated(if: $a) type }
            """,
            errors: [
                ExpectedError("Unknown type \"Unknown\".", (1, 11)),
                ExpectedError("Directive \"@deprecated\" may not be used on QUERY.", (1, 20)),
                ExpectedError("Field \"getMomentsDetailsByUserID\" of type \"MomentsDetails!\" must have a selection of subfields. Did you mean \"getMomentsDetailsByUserID { ... }\"?", (1, 34)),
                ExpectedError("Field \"getMomentsDetailsByUserID\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 34)),
                ExpectedError("Variable \"$a\" is never used.", (1, 7)),
                ExpectedError("Cannot spread fragment \"F3\" within itself.", (2, 35)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (3, 48)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (3, 60)),
                ExpectedError("Fragment \"F3\" is never used.", (2, 1)),
                ExpectedError("Fragment \"F1\" is never used.", (3, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 3",
            "query Q @include(if: $b) { nope(exact: \"s\", ids: {k: VIDEO, j: \"a\\nb\", k: \"a\\nb\"}, score: 1.5) }",
            errors: [
                ExpectedError("Directive \"@include\" may not be used on QUERY.", (1, 9)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 28)),
                ExpectedError("There can be only one input field named \"k\".", (1, 51), (1, 72)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 22), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 4",
            "query @foo(iff: 1) { likes: nope @skip @skip nope(limit: 2e3, bogus: {j: [$c, 1], j: $b}) }",
            errors: [
                ExpectedError("Unknown directive \"@foo\".", (1, 7)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 22)),
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 34), (1, 40)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 34)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 40)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 46)),
                ExpectedError("There can be only one input field named \"j\".", (1, 71), (1, 83)),
                ExpectedError("Variable \"$c\" is not defined.", (1, 75), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined.", (1, 86), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 5",
            """
            query Q($a: String, $c: ID!) { name: __typename(ids: "1", types: 1) }
            query { x: nope(id: 2e3) }
            fragment F3 on Query { y: nope(text: null, userID: "s") title: user(first: "s", limit: VIDEO, name: "1") { id: nam } }
            """,
            errors: [
                ExpectedError("Unknown argument \"ids\" on field \"Query.__typename\".", (1, 49)),
                ExpectedError("Unknown argument \"types\" on field \"Query.__typename\".", (1, 59)),
                ExpectedError("Variable \"$a\" is never used in operation \"Q\".", (1, 9)),
                ExpectedError("Variable \"$c\" is never used in operation \"Q\".", (1, 21)),
                ExpectedError("This anonymous operation must be the only defined operation.", (2, 1)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (2, 9)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (3, 24)),
                ExpectedError("Unknown argument \"first\" on field \"Query.user\".", (3, 69)),
                ExpectedError("Unknown argument \"limit\" on field \"Query.user\".", (3, 81)),
                ExpectedError("Cannot query field \"nam\" on type \"UserDetails\". Did you mean \"name\"?", (3, 108)),
                ExpectedError("Fragment \"F3\" is never used.", (3, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 6",
            "query R($b: Boolean!, $c: String = {j: \"URL\", k: 1}) { nope @include(if: $a) ...Nope }",
            errors: [
                ExpectedError("String cannot represent a non string value: {j: \"URL\", k: 1}", (1, 36)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 56)),
                ExpectedError("Unknown fragment \"Nope\".", (1, 81)),
                ExpectedError("Variable \"$a\" is not defined by operation \"R\".", (1, 74), (1, 1)),
                ExpectedError("Variable \"$b\" is never used in operation \"R\".", (1, 9)),
                ExpectedError("Variable \"$c\" is never used in operation \"R\".", (1, 23)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 7",
            "query R($c: ID!, $b: ID) { ...F3 }",
            errors: [
                ExpectedError("Unknown fragment \"F3\".", (1, 31)),
                ExpectedError("Variable \"$c\" is never used in operation \"R\".", (1, 9)),
                ExpectedError("Variable \"$b\" is never used in operation \"R\".", (1, 18)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 8",
            """
            query R($c: MomentType) { ...F1 @skip(if: true) }
            fragment F1 on UserDetails { backgroundImage(bogus: {j: 2147483648}, text: false) @deprecated(if: true) { id(first: 2147483648, id: \"""bl\\ock\""") title @include(if: true) } likes: name }
            """,
            errors: [
                ExpectedError("Fragment \"F1\" cannot be spread here as objects of type \"Query\" can never be of type \"UserDetails\".", (1, 27)),
                ExpectedError("Variable \"$c\" is never used in operation \"R\".", (1, 9)),
                ExpectedError("Field \"backgroundImage\" must not have a selection since type \"String!\" has no subfields.", (2, 105)),
                ExpectedError("Unknown argument \"bogus\" on field \"UserDetails.backgroundImage\".", (2, 46)),
                ExpectedError("Unknown argument \"text\" on field \"UserDetails.backgroundImage\".", (2, 70)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (2, 83)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (2, 95)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 9",
            "query Q($a: String = {k: false, j: 1}, $c: ID!, $c: [[Int]]) { search(type: [], userID: $a, after: {}) { createdDate(ids: 0, first: 1) @foo(if: $b) } }",
            errors: [
                ExpectedError("There can be only one variable named \"$c\".", (1, 41), (1, 50)),
                ExpectedError("String cannot represent a non string value: {k: false, j: 1}", (1, 22)),
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: [].", (1, 77)),
                ExpectedError("Unknown argument \"userID\" on field \"Query.search\".", (1, 81)),
                ExpectedError("Unknown argument \"after\" on field \"Query.search\".", (1, 93)),
                ExpectedError("Unknown argument \"ids\" on field \"Moment.createdDate\".", (1, 118)),
                ExpectedError("Unknown argument \"first\" on field \"Moment.createdDate\".", (1, 126)),
                ExpectedError("Unknown directive \"@foo\".", (1, 136)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 145), (1, 1)),
                ExpectedError("Variable \"$c\" is never used in operation \"Q\".", (1, 40)),
                ExpectedError("Variable \"$c\" is never used in operation \"Q\".", (1, 49)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 10",
            "query Q { title: getMomentsDetailsByUserID @foo(if: true) @skip moment(exact: [[1, $b]]) @include(if: $b) @deprecated { titel(text: 1.5, types: $c, matrix: VIDEO) } }",
            errors: [
                ExpectedError("Field \"getMomentsDetailsByUserID\" of type \"MomentsDetails!\" must have a selection of subfields. Did you mean \"getMomentsDetailsByUserID { ... }\"?", (1, 11)),
                ExpectedError("Unknown directive \"@foo\".", (1, 44)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 59)),
                ExpectedError("Field \"getMomentsDetailsByUserID\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 11)),
                ExpectedError("Unknown argument \"exact\" on field \"Query.moment\".", (1, 72)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 107)),
                ExpectedError("Cannot query field \"titel\" on type \"Moment\". Did you mean \"title\", \"likes\", or \"type\"?", (1, 121)),
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 65)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 84), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 103), (1, 1)),
                ExpectedError("Variable \"$c\" is not defined by operation \"Q\".", (1, 145), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 11",
            """
            query R($c: Boolean! = 1, $b: [[Int]]) @foo(iff: 1) { moment(score: $b, text: $c, userID: $c) { titel(types: [[URL, 2147483648, -5]], after: $b) } }
            fragment F1 on MomentsDetails @include(if: $b) { ...F2 }
            """,
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: 1", (1, 24)),
                ExpectedError("Unknown directive \"@foo\".", (1, 40)),
                ExpectedError("Unknown argument \"score\" on field \"Query.moment\".", (1, 62)),
                ExpectedError("Unknown argument \"text\" on field \"Query.moment\".", (1, 73)),
                ExpectedError("Unknown argument \"userID\" on field \"Query.moment\".", (1, 83)),
                ExpectedError("Cannot query field \"titel\" on type \"Moment\". Did you mean \"title\", \"likes\", or \"type\"?", (1, 97)),
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 55)),
                ExpectedError("Directive \"@include\" may not be used on FRAGMENT_DEFINITION.", (2, 31)),
                ExpectedError("Unknown fragment \"F2\".", (2, 53)),
                ExpectedError("Fragment \"F1\" is never used.", (2, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 12",
            "mutation R { updateMomentLike { userDetails(name: $a, exact: [], ids: URL) { userDetails: nam @skip(if: $b) @foo(if: true) userDetails: backgroundImage ...F2 name } } }",
            errors: [
                ExpectedError("Unknown argument \"name\" on field \"MomentsDetails.userDetails\".", (1, 45)),
                ExpectedError("Unknown argument \"exact\" on field \"MomentsDetails.userDetails\".", (1, 55)),
                ExpectedError("Unknown argument \"ids\" on field \"MomentsDetails.userDetails\".", (1, 66)),
                ExpectedError("Fields \"userDetails\" conflict because \"nam\" and \"backgroundImage\" are different fields. Use different aliases on the fields to fetch both if this was intentional.", (1, 78), (1, 124)),
                ExpectedError("Cannot query field \"nam\" on type \"UserDetails\". Did you mean \"name\"?", (1, 78)),
                ExpectedError("Unknown directive \"@foo\".", (1, 109)),
                ExpectedError("Unknown fragment \"F2\".", (1, 156)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Variable \"$a\" is not defined by operation \"R\".", (1, 51), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined by operation \"R\".", (1, 105), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 13",
            "{ ...F3 @include(if: $b) @deprecated(if: $a) ...Nope }",
            errors: [
                ExpectedError("Unknown fragment \"F3\".", (1, 6)),
                ExpectedError("Directive \"@deprecated\" may not be used on FRAGMENT_SPREAD.", (1, 26)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (1, 38)),
                ExpectedError("Unknown fragment \"Nope\".", (1, 49)),
                ExpectedError("Variable \"$b\" is not defined.", (1, 22), (1, 1)),
                ExpectedError("Variable \"$a\" is not defined.", (1, 42), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 14",
            "mutation R($c: Moment = VIDEO) @deprecated(iff: 1) { updateMomentLike(first: $c, ids: \"1\") { userDetails @skip(if: $a) @include(if: true) } }",
            errors: [
                ExpectedError("Variable \"$c\" cannot be non-input type \"Moment\".", (1, 16)),
                ExpectedError("Directive \"@deprecated\" may not be used on MUTATION.", (1, 32)),
                ExpectedError("Unknown argument \"iff\" on directive \"@deprecated\".", (1, 44)),
                ExpectedError("Unknown argument \"first\" on field \"Mutation.updateMomentLike\".", (1, 71)),
                ExpectedError("Unknown argument \"ids\" on field \"Mutation.updateMomentLike\".", (1, 82)),
                ExpectedError("Field \"userDetails\" of type \"UserDetails!\" must have a selection of subfields. Did you mean \"userDetails { ... }\"?", (1, 94)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 54)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 54)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 54)),
                ExpectedError("Variable \"$a\" is not defined by operation \"R\".", (1, 116), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 15",
            "query Q { __typename(type: 1.5) user { ... on Moment @skip { id } } ...F2 @deprecated search @skip(if: $b) { title } }",
            errors: [
                ExpectedError("Unknown argument \"type\" on field \"Query.__typename\".", (1, 22)),
                ExpectedError("Fragment cannot be spread here as objects of type \"UserDetails\" can never be of type \"Moment\".", (1, 40)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 54)),
                ExpectedError("Unknown fragment \"F2\".", (1, 72)),
                ExpectedError("Directive \"@deprecated\" may not be used on FRAGMENT_SPREAD.", (1, 75)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 104), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 16",
            """
            mutation { updateMomentLike { moments(userID: 1.5, name: "a\\nb", ids: VIDEO) { type } title: momentz(bogus: $c) __typename(name: 2147483648) } }
            fragment F3 on UserDetails { name @skip ...F3 }
            """,
            errors: [
                ExpectedError("Unknown argument \"userID\" on field \"MomentsDetails.moments\".", (1, 39)),
                ExpectedError("Unknown argument \"name\" on field \"MomentsDetails.moments\".", (1, 52)),
                ExpectedError("Unknown argument \"ids\" on field \"MomentsDetails.moments\".", (1, 66)),
                ExpectedError("Cannot query field \"momentz\" on type \"MomentsDetails\". Did you mean \"moments\"?", (1, 87)),
                ExpectedError("Unknown argument \"name\" on field \"MomentsDetails.__typename\".", (1, 124)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 12)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 12)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 12)),
                ExpectedError("Variable \"$c\" is not defined.", (1, 109), (1, 1)),
                ExpectedError("Cannot spread fragment \"F3\" within itself.", (2, 41)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (2, 35)),
                ExpectedError("Fragment \"F3\" is never used.", (2, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 17",
            "mutation($b: [[Int]], $b: ID, $c: [ID!]) @include(if: $a) { updateMomentLike(first: URL) { ...F1 moments } }",
            errors: [
                ExpectedError("There can be only one variable named \"$b\".", (1, 11), (1, 24)),
                ExpectedError("Directive \"@include\" may not be used on MUTATION.", (1, 42)),
                ExpectedError("Unknown argument \"first\" on field \"Mutation.updateMomentLike\".", (1, 78)),
                ExpectedError("Unknown fragment \"F1\".", (1, 95)),
                ExpectedError("Field \"moments\" of type \"[Moment!]!\" must have a selection of subfields. Did you mean \"moments { ... }\"?", (1, 98)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 61)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 61)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 61)),
                ExpectedError("Variable \"$a\" is not defined.", (1, 55), (1, 1)),
                ExpectedError("Variable \"$b\" is never used.", (1, 10)),
                ExpectedError("Variable \"$b\" is never used.", (1, 23)),
                ExpectedError("Variable \"$c\" is never used.", (1, 31)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 18",
            """
            query($c: ID, $c: ID!) { nope @deprecated(if: $b) search { x: type userDetails { ...F1 @deprecated } } ...F1 likes: nope(first: {k: "s", k: 1}) }
            fragment F1 on UserDetails { avatar ...F3 backgroundImage }
            """,
            errors: [
                ExpectedError("There can be only one variable named \"$c\".", (1, 8), (1, 16)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 26)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 31)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (1, 43)),
                ExpectedError("Directive \"@deprecated\" may not be used on FRAGMENT_SPREAD.", (1, 88)),
                ExpectedError("Fragment \"F1\" cannot be spread here as objects of type \"Query\" can never be of type \"UserDetails\".", (1, 104)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 110)),
                ExpectedError("There can be only one input field named \"k\".", (1, 130), (1, 138)),
                ExpectedError("Variable \"$b\" is not defined.", (1, 47), (1, 1)),
                ExpectedError("Variable \"$c\" is never used.", (1, 7)),
                ExpectedError("Variable \"$c\" is never used.", (1, 15)),
                ExpectedError("Unknown fragment \"F3\".", (2, 40)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 19",
            "mutation R @include { updateMomentLike { y: momentz @foo(iff: 1) @foo(if: $b) __typename @include(if: $b) __typename } }",
            errors: [
                ExpectedError("Directive \"@include\" may not be used on MUTATION.", (1, 12)),
                ExpectedError("Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 12)),
                ExpectedError("Cannot query field \"momentz\" on type \"MomentsDetails\". Did you mean \"moments\"?", (1, 42)),
                ExpectedError("Unknown directive \"@foo\".", (1, 53)),
                ExpectedError("Unknown directive \"@foo\".", (1, 66)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 23)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 23)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 23)),
                ExpectedError("Variable \"$b\" is not defined by operation \"R\".", (1, 75), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined by operation \"R\".", (1, 103), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 20",
            "query Q($b: MomentType, $b: String) @deprecated(if: $b) @skip(if: true) { nope(score: 1.5) }",
            errors: [
                ExpectedError("There can be only one variable named \"$b\".", (1, 10), (1, 26)),
                ExpectedError("Directive \"@deprecated\" may not be used on QUERY.", (1, 37)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (1, 49)),
                ExpectedError("Directive \"@skip\" may not be used on QUERY.", (1, 57)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 75)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 21",
            "query R($a: ID!) { nope search @foo @include { ... on Moment { titel(first: 1, first: [\"\"\"bl\\ock\"\"\", 2e3]) ...F1 @foo(if: $a) @foo(if: true) id: photos } } }",
            errors: [
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 20)),
                ExpectedError("Unknown directive \"@foo\".", (1, 32)),
                ExpectedError("Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 37)),
                ExpectedError("Cannot query field \"titel\" on type \"Moment\". Did you mean \"title\", \"likes\", or \"type\"?", (1, 64)),
                ExpectedError("There can be only one argument named \"first\".", (1, 70), (1, 80)),
                ExpectedError("Unknown fragment \"F1\".", (1, 111)),
                ExpectedError("Unknown directive \"@foo\".", (1, 114)),
                ExpectedError("Unknown directive \"@foo\".", (1, 127)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 22",
            "query Q($c: Moment) { nope(userID: $b) }",
            errors: [
                ExpectedError("Variable \"$c\" cannot be non-input type \"Moment\".", (1, 13)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 23)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 36), (1, 1)),
                ExpectedError("Variable \"$c\" is never used in operation \"Q\".", (1, 9)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 23",
            """
            query R { moment @skip(if: true) { photos @deprecated(iff: 1) @skip(if: $b) type ...F1 } }
            fragment F3 on UserDetails @skip(if: $b) @foo(if: $a) { avatar(id: 1, userID: 0) @skip(if: $b) x: avatar id }
            """,
            errors: [
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 43)),
                ExpectedError("Unknown argument \"iff\" on directive \"@deprecated\".", (1, 55)),
                ExpectedError("Unknown fragment \"F1\".", (1, 85)),
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 11)),
                ExpectedError("Variable \"$b\" is not defined by operation \"R\".", (1, 73), (1, 1)),
                ExpectedError("Directive \"@skip\" may not be used on FRAGMENT_DEFINITION.", (2, 28)),
                ExpectedError("Unknown directive \"@foo\".", (2, 42)),
                ExpectedError("Unknown argument \"id\" on field \"UserDetails.avatar\".", (2, 64)),
                ExpectedError("Unknown argument \"userID\" on field \"UserDetails.avatar\".", (2, 71)),
                ExpectedError("Fragment \"F3\" is never used.", (2, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 24",
            "mutation R($a: ID, $b: Moment) { updateMomentLike(type: \"1\", type: false) { momentz(exact: \"1\", score: $c) } }",
            errors: [
                ExpectedError("Variable \"$b\" cannot be non-input type \"Moment\".", (1, 24)),
                ExpectedError("There can be only one argument named \"type\".", (1, 51), (1, 62)),
                ExpectedError("Unknown argument \"type\" on field \"Mutation.updateMomentLike\".", (1, 51)),
                ExpectedError("Unknown argument \"type\" on field \"Mutation.updateMomentLike\".", (1, 62)),
                ExpectedError("Cannot query field \"momentz\" on type \"MomentsDetails\". Did you mean \"moments\"?", (1, 77)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 34)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 34)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 34)),
                ExpectedError("Variable \"$c\" is not defined by operation \"R\".", (1, 104), (1, 1)),
                ExpectedError("Variable \"$a\" is never used in operation \"R\".", (1, 12)),
                ExpectedError("Variable \"$b\" is never used in operation \"R\".", (1, 20)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 25",
            """
            query Q($b: [[Int]], $a: ID!, $c: [ID!]) @deprecated(if: $a) { nope __typename }
            fragment F2 on UserDetails @include(if: $b) { ...F2 @include(if: $b) @foo(if: $a) }
            """,
            errors: [
                ExpectedError("Directive \"@deprecated\" may not be used on QUERY.", (1, 42)),
                ExpectedError("Unknown argument \"if\" on directive \"@deprecated\".", (1, 54)),
                ExpectedError("Cannot query field \"nope\" on type \"Query\".", (1, 64)),
                ExpectedError("Variable \"$b\" is never used in operation \"Q\".", (1, 9)),
                ExpectedError("Variable \"$c\" is never used in operation \"Q\".", (1, 31)),
                ExpectedError("Cannot spread fragment \"F2\" within itself.", (2, 47)),
                ExpectedError("Directive \"@include\" may not be used on FRAGMENT_DEFINITION.", (2, 28)),
                ExpectedError("Unknown directive \"@foo\".", (2, 70)),
                ExpectedError("Fragment \"F2\" is never used.", (2, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 26",
            """
            mutation Q { updateMomentLike { userDetails: moments ...F3 @include(if: $a) } }
            fragment F1 on MomentsDetails { name: __typename x: __typename ...F3 __typename }
            """,
            errors: [
                ExpectedError("Field \"moments\" of type \"[Moment!]!\" must have a selection of subfields. Did you mean \"moments { ... }\"?", (1, 33)),
                ExpectedError("Unknown fragment \"F3\".", (1, 57)),
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Field \"updateMomentLike\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 14)),
                ExpectedError("Variable \"$a\" is not defined by operation \"Q\".", (1, 73), (1, 1)),
                ExpectedError("Unknown fragment \"F3\".", (2, 67)),
                ExpectedError("Fragment \"F1\" is never used.", (2, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 27",
            "query Q { moment { title @skip type url isLiked } __typename __typename(userID: $b, bogus: 1, ids: $c) }",
            errors: [
                ExpectedError("Fields \"__typename\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", (1, 51), (1, 62)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 26)),
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 11)),
                ExpectedError("Unknown argument \"userID\" on field \"Query.__typename\".", (1, 73)),
                ExpectedError("Unknown argument \"bogus\" on field \"Query.__typename\".", (1, 85)),
                ExpectedError("Unknown argument \"ids\" on field \"Query.__typename\".", (1, 95)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Q\".", (1, 81), (1, 1)),
                ExpectedError("Variable \"$c\" is not defined by operation \"Q\".", (1, 100), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 28",
            "query R { search @include(if: $a) moment(limit: {}, first: 1.5) @deprecated(iff: 1) { title id x: isLiked(type: [2147483648, 2e3, 2e3]) @skip } }",
            errors: [
                ExpectedError("Field \"search\" of type \"[Moment!]\" must have a selection of subfields. Did you mean \"search { ... }\"?", (1, 11)),
                ExpectedError("Unknown argument \"limit\" on field \"Query.moment\".", (1, 42)),
                ExpectedError("Unknown argument \"first\" on field \"Query.moment\".", (1, 53)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (1, 65)),
                ExpectedError("Unknown argument \"iff\" on directive \"@deprecated\".", (1, 77)),
                ExpectedError("Unknown argument \"type\" on field \"Moment.isLiked\".", (1, 107)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 137)),
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 35)),
                ExpectedError("Variable \"$a\" is not defined by operation \"R\".", (1, 31), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 29",
            "query { user { avatar @include(if: $a) id(text: {j: $b, j: []}, name: PHOTOS, score: 2147483648) } }",
            errors: [
                ExpectedError("Unknown argument \"text\" on field \"UserDetails.id\".", (1, 43)),
                ExpectedError("There can be only one input field named \"j\".", (1, 50), (1, 57)),
                ExpectedError("Unknown argument \"name\" on field \"UserDetails.id\".", (1, 65)),
                ExpectedError("Unknown argument \"score\" on field \"UserDetails.id\".", (1, 79)),
                ExpectedError("Variable \"$a\" is not defined.", (1, 36), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined.", (1, 53), (1, 1)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
        ValidationCase(
            "random document 30",
            "query R($b: String, $a: String, $a: MomentType = \"\"\"bl\\ock\"\"\") { ... { x: __typename } ...F3 @skip(if: $a) @foo(if: true) }",
            errors: [
                ExpectedError("There can be only one variable named \"$a\".", (1, 22), (1, 34)),
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: \"\"\"bl\\ock\"\"\".", (1, 50)),
                ExpectedError("Unknown fragment \"F3\".", (1, 91)),
                ExpectedError("Unknown directive \"@foo\".", (1, 108)),
                ExpectedError("Variable \"$b\" is never used in operation \"R\".", (1, 9)),
                ExpectedError("Variable \"$a\" of type \"MomentType\" used in position expecting type \"Boolean!\".", (1, 33), (1, 104)),
            ],
            source: "ours: differential testing against graphql-core 3.2"),
    ]

    static let tooManyErrors = ValidationCase(
        "stops at maxErrors", "{ f0 f1 f2 f3 f4 }",
        errors: [
            ExpectedError("Cannot query field \"f0\" on type \"Query\".", (1, 3)),
            ExpectedError("Cannot query field \"f1\" on type \"Query\".", (1, 6)),
            ExpectedError("Cannot query field \"f2\" on type \"Query\".", (1, 9)),
            ExpectedError("Too many validation errors, error limit reached. Validation aborted."),
        ],
        source: "graphql-js validation-test.ts: Limit maximum number of validation errors")
}
