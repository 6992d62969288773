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
            source: "CONTRACT §1: the app's timeline document"),
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
            source: "CONTRACT §1: the app's like mutation"),
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
            source: "ours: the language features CONTRACT §1 lists"),
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
