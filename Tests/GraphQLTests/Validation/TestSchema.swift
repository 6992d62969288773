import GraphQL
import JSON

/// The Moments schema (docs/api.md) plus a few fields with arguments,
/// defaults, enums and lists so every rule has something to check. The same
/// schema in SDL, for working out expectations with graphql-core 3.2:
///
/// ```graphql
/// type UserDetails { id: ID! name: String! avatar: String! backgroundImage: String! }
/// enum MomentType { URL PHOTOS }
/// type Moment {
///   id: ID! userDetails: UserDetails! type: MomentType! title: String url: String
///   photos: [String!]! createdDate: String! isLiked: Boolean!
///   likes(first: Int, after: ID): [UserDetails!]!
/// }
/// type MomentsDetails {
///   userDetails: UserDetails!
///   moments(type: MomentType, types: [MomentType!], limit: Int = 10): [Moment!]!
/// }
/// type Query {
///   getMomentsDetailsByUserID(userID: ID!): MomentsDetails!
///   moment(id: ID!): Moment
///   search(text: String, score: Float, exact: Boolean, ids: [ID!], matrix: [[Int]], type: MomentType): [Moment!]
///   user(id: ID, name: String! = "me"): UserDetails
/// }
/// type Mutation { updateMomentLike(momentID: ID!, userID: ID!, isLiked: Boolean!): MomentsDetails! }
/// ```
enum TestSchema {
    static let schema = Schema(query: query, mutation: mutation, types: [.object(momentsDetails), .object(moment), .object(userDetails), .enumeration(momentType)])

    private static func field(
        _ name: String, _ type: TypeReference, _ arguments: [InputValueDefinition] = []
    ) -> FieldDefinition {
        FieldDefinition(name: name, arguments: arguments, type: type, resolve: { _, _, _ in .null })
    }

    private static func argument(_ name: String, _ type: TypeReference, default value: JSONValue? = nil)
        -> InputValueDefinition
    {
        InputValueDefinition(name: name, type: type, defaultValue: value)
    }

    static let momentType = EnumType(
        name: "MomentType", values: [EnumValueDefinition(name: "URL"), EnumValueDefinition(name: "PHOTOS")])

    static let userDetails = ObjectType(
        name: "UserDetails",
        fields: [
            field("id", .nonNull(.named("ID"))),
            field("name", .nonNull(.named("String"))),
            field("avatar", .nonNull(.named("String"))),
            field("backgroundImage", .nonNull(.named("String"))),
        ])

    static let moment = ObjectType(
        name: "Moment",
        fields: [
            field("id", .nonNull(.named("ID"))),
            field("userDetails", .nonNull(.named("UserDetails"))),
            field("type", .nonNull(.named("MomentType"))),
            field("title", .named("String")),
            field("url", .named("String")),
            field("photos", .nonNull(.list(.nonNull(.named("String"))))),
            field("createdDate", .nonNull(.named("String"))),
            field("isLiked", .nonNull(.named("Boolean"))),
            field(
                "likes", .nonNull(.list(.nonNull(.named("UserDetails")))),
                [argument("first", .named("Int")), argument("after", .named("ID"))]),
        ])

    static let momentsDetails = ObjectType(
        name: "MomentsDetails",
        fields: [
            field("userDetails", .nonNull(.named("UserDetails"))),
            field(
                "moments", .nonNull(.list(.nonNull(.named("Moment")))),
                [
                    argument("type", .named("MomentType")),
                    argument("types", .list(.nonNull(.named("MomentType")))),
                    argument("limit", .named("Int"), default: .int(10)),
                ]),
        ])

    static let query = ObjectType(
        name: "Query",
        fields: [
            field("getMomentsDetailsByUserID", .nonNull(.named("MomentsDetails")), [argument("userID", .nonNull(.named("ID")))]),
            field("moment", .named("Moment"), [argument("id", .nonNull(.named("ID")))]),
            field(
                "search", .list(.nonNull(.named("Moment"))),
                [
                    argument("text", .named("String")), argument("score", .named("Float")),
                    argument("exact", .named("Boolean")), argument("ids", .list(.nonNull(.named("ID")))),
                    argument("matrix", .list(.list(.named("Int")))), argument("type", .named("MomentType")),
                ]),
            field(
                "user", .named("UserDetails"),
                [argument("id", .named("ID")), argument("name", .nonNull(.named("String")), default: .string("me"))]),
        ])

    static let mutation = ObjectType(
        name: "Mutation",
        fields: [
            field(
                "updateMomentLike", .nonNull(.named("MomentsDetails")),
                [
                    argument("momentID", .nonNull(.named("ID"))), argument("userID", .nonNull(.named("ID"))),
                    argument("isLiked", .nonNull(.named("Boolean"))),
                ])
        ])
}
