import GraphQL
import HTTP1
import JSON
import Logging
import Moments
import MomentsAPI
import MomentsFakes

/// A `/graphql` handler over in-memory repositories, as `main.swift` wires it over SQLite.
struct APIFixture {
    let database: InMemoryDatabase
    let handler: GraphQLHTTPHandler

    init(database: InMemoryDatabase = .demo(), pageSize: PageSize = PageSize(), limits: GraphQLLimits = GraphQLLimits()) {
        self.database = database
        let errors = ErrorMapping(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let engine = GraphQLEngine(
            schema: MomentsSchema.schema, limits: limits, errorMapper: { errors.graphQLError(for: $0, context: $1) })
        handler = GraphQLHTTPHandler(
            engine: engine,
            services: MomentsServices(timelines: database.timelineService(pageSize: pageSize), likes: database.likeService(pageSize: pageSize))
        )
    }

    func post(_ body: String, accept: String? = nil, contentType: String = "application/json") -> HTTPResponse {
        var headers: HTTPHeaders = ["Host": "test", "Content-Type": contentType]
        if let accept { headers.add("Accept", accept) }
        return handler.handle(HTTPRequest(method: .post, target: "/graphql", headers: headers, body: Array(body.utf8)))
    }

    func post(query: String, variables: JSONObject? = nil, operationName: String? = nil, accept: String? = nil) -> HTTPResponse {
        var object: JSONObject = ["query": .string(query)]
        if let variables { object["variables"] = .object(variables) }
        if let operationName { object["operationName"] = .string(operationName) }
        return post(String(decoding: JSONValue.object(object).serialized, as: UTF8.self), accept: accept)
    }

    func get(_ target: String, accept: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = ["Host": "test"]
        if let accept { headers.add("Accept", accept) }
        return handler.handle(HTTPRequest(method: .get, target: target, headers: headers))
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}
