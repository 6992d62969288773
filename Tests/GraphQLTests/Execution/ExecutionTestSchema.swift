import JSON
import Locking

@testable import GraphQL

/// A small schema with in-memory resolvers for the execution tests. Its SDL
/// (`sdl`) is what the graphql-core cross-checks were run against.
enum ExecutionTestSchema {
    static let sdl = """
        type User {
          id: ID!
          name: String!
          kind: Kind!
          friends: [User!]!
          bestFriend: User
          nickname: String
          failing: String
          failingNonNull: String!
          nullNonNull: String!
          items: [String!]
          looseItems: [String]
        }

        enum Kind {
          HUMAN
          ROBOT
        }

        type Query {
          user(id: ID!): User
          requiredUser(id: ID!): User!
          users: [User!]!
          echo(int: Int, float: Float, string: String, boolean: Boolean, id: ID, kind: Kind, ids: [ID!], greeting: String = "hello"): String
          kinds: [Kind!]!
          domainFailure: String
          mappedFailure: String
          badInt: Int
        }

        type Mutation {
          increment(by: Int! = 1): Int!
        }
        """

    struct User {
        var id: String
        var name: String
        var kind: String
        var friendIDs: [String]
        var items: [String?]
    }

    static let users: [String: User] = [
        "1": User(id: "1", name: "Alice", kind: "HUMAN", friendIDs: ["2", "3"], items: ["a", "b"]),
        "2": User(id: "2", name: "Bob", kind: "ROBOT", friendIDs: ["1"], items: ["c", nil]),
        "3": User(id: "3", name: "Carol", kind: "HUMAN", friendIDs: [], items: []),
    ]

    /// The per-request context: counts resolver calls and holds the mutation's counter.
    final class Context: Sendable {
        let calls = Locked<[String: Int]>([:])
        let counter = Locked(0)

        func record(_ field: String) { calls.withLock { $0[field, default: 0] += 1 } }
        func callCount(_ field: String) -> Int { calls.withLock { $0[field] ?? 0 } }
    }

    struct DomainError: Error {}
    struct MissingThing: Error {}

    static func context(_ info: ResolveInfo) -> Context? { info.context as? Context }

    static func user(_ source: Any) throws -> User {
        guard let user = source as? User else { throw DomainError() }
        return user
    }

    static let kind = EnumType(name: "Kind", values: [EnumValueDefinition(name: "HUMAN"), EnumValueDefinition(name: "ROBOT")])

    static let userType = ObjectType(name: "User", fields: [
        FieldDefinition(name: "id", type: .nonNull(.named("ID"))) { source, _, _ in .leaf(.string(try user(source).id)) },
        FieldDefinition(name: "name", type: .nonNull(.named("String"))) { source, _, info in
            context(info)?.record("User.name")
            return .leaf(.string(try user(source).name))
        },
        FieldDefinition(name: "kind", type: .nonNull(.named("Kind"))) { source, _, _ in .leaf(.string(try user(source).kind)) },
        FieldDefinition(name: "friends", type: .nonNull(.list(.nonNull(.named("User"))))) { source, _, info in
            context(info)?.record("User.friends")
            return .list(try user(source).friendIDs.compactMap { users[$0] }.map { .object($0) })
        },
        FieldDefinition(name: "bestFriend", type: .named("User")) { source, _, _ in
            try user(source).friendIDs.first.flatMap { users[$0] }.map { .object($0) } ?? .null
        },
        FieldDefinition(name: "nickname", type: .named("String")) { _, _, _ in .null },
        FieldDefinition(name: "failing", type: .named("String")) { source, _, _ in
            throw GraphQLError("failing for \(try user(source).name)", code: .notFound)
        },
        FieldDefinition(name: "failingNonNull", type: .nonNull(.named("String"))) { source, _, _ in
            throw GraphQLError("failingNonNull for \(try user(source).name)", code: .notFound)
        },
        FieldDefinition(name: "nullNonNull", type: .nonNull(.named("String"))) { _, _, _ in .null },
        FieldDefinition(name: "items", type: .list(.nonNull(.named("String")))) { source, _, _ in
            .list(try user(source).items.map { $0.map { .leaf(.string($0)) } ?? .null })
        },
        FieldDefinition(name: "looseItems", type: .list(.named("String"))) { source, _, _ in
            .list(try user(source).items.map { $0.map { .leaf(.string($0)) } ?? .null })
        },
    ])

    static let query = ObjectType(name: "Query", fields: [
        FieldDefinition(name: "user", arguments: [InputValueDefinition(name: "id", type: .nonNull(.named("ID")))], type: .named("User")) { _, arguments, info in
            context(info)?.record("Query.user")
            guard case .string(let id) = arguments["id"], let user = users[id] else { return .null }
            return .object(user)
        },
        FieldDefinition(name: "requiredUser", arguments: [InputValueDefinition(name: "id", type: .nonNull(.named("ID")))], type: .nonNull(.named("User"))) { _, arguments, _ in
            guard case .string(let id) = arguments["id"], let user = users[id] else { return .null }
            return .object(user)
        },
        FieldDefinition(name: "users", type: .nonNull(.list(.nonNull(.named("User"))))) { _, _, _ in
            .list(["1", "2", "3"].compactMap { users[$0] }.map { .object($0) })
        },
        FieldDefinition(
            name: "echo",
            arguments: [
                InputValueDefinition(name: "int", type: .named("Int")),
                InputValueDefinition(name: "float", type: .named("Float")),
                InputValueDefinition(name: "string", type: .named("String")),
                InputValueDefinition(name: "boolean", type: .named("Boolean")),
                InputValueDefinition(name: "id", type: .named("ID")),
                InputValueDefinition(name: "kind", type: .named("Kind")),
                InputValueDefinition(name: "ids", type: .list(.nonNull(.named("ID")))),
                InputValueDefinition(name: "greeting", type: .named("String"), defaultValue: "hello"),
            ],
            type: .named("String")
        ) { _, arguments, _ in
            // The coerced arguments as compact JSON, so tests see exactly what resolvers get.
            var bytes: [UInt8] = []
            JSONWriter.write(.object(arguments), into: &bytes)
            return .leaf(.string(String(decoding: bytes, as: UTF8.self)))
        },
        FieldDefinition(name: "kinds", type: .nonNull(.list(.nonNull(.named("Kind"))))) { _, _, _ in
            .list([.leaf("HUMAN"), .leaf("ROBOT")])
        },
        FieldDefinition(name: "domainFailure", type: .named("String")) { _, _, _ in throw DomainError() },
        FieldDefinition(name: "mappedFailure", type: .named("String")) { _, _, _ in throw MissingThing() },
        FieldDefinition(name: "badInt", type: .named("Int")) { _, _, _ in .leaf(.double(1.5)) },
    ])

    static let mutation = ObjectType(name: "Mutation", fields: [
        FieldDefinition(
            name: "increment", arguments: [InputValueDefinition(name: "by", type: .nonNull(.named("Int")), defaultValue: 1)],
            type: .nonNull(.named("Int"))
        ) { _, arguments, info in
            guard let context = context(info), case .int(let step) = arguments["by"] else { throw DomainError() }
            return .leaf(.int(context.counter.withLock { value in
                value += step
                return value
            }))
        },
    ])

    static let schema = Schema(query: query, mutation: mutation, types: [.object(userType), .enumeration(kind)])

    static func engine(limits: GraphQLLimits = .init(), errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)? = nil) -> GraphQLEngine {
        GraphQLEngine(schema: schema, limits: limits, errorMapper: errorMapper)
    }

    /// Runs a request and returns the response body as text.
    static func run(
        _ query: String, variables: JSONObject? = nil, operationName: String? = nil,
        engine: GraphQLEngine = engine(), context: Context = Context()
    ) -> String {
        let response = engine.execute(query: query, operationName: operationName, variables: variables, context: context)
        return String(decoding: response.body, as: UTF8.self)
    }
}
