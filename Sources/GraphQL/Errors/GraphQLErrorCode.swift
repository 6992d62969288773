/// The `extensions.code` values of the API (docs/api.md, "Error codes").
public enum GraphQLErrorCode: String, Sendable, Hashable {
    case parseFailed = "GRAPHQL_PARSE_FAILED"
    case validationFailed = "GRAPHQL_VALIDATION_FAILED"
    case badUserInput = "BAD_USER_INPUT"
    case notFound = "NOT_FOUND"
    case persistedQueryNotFound = "PERSISTED_QUERY_NOT_FOUND"
    case internalServerError = "INTERNAL_SERVER_ERROR"
}
