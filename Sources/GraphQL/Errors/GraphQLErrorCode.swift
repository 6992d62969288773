/// The `extensions.code` values of the API (docs/api.md, "Error codes").
package enum GraphQLErrorCode: String, Sendable, Hashable, CaseIterable {
    case parseFailed = "GRAPHQL_PARSE_FAILED"
    case validationFailed = "GRAPHQL_VALIDATION_FAILED"
    case badUserInput = "BAD_USER_INPUT"
    case notFound = "NOT_FOUND"
    case persistedQueryNotFound = "PERSISTED_QUERY_NOT_FOUND"
    /// Apollo Server 4's code when persisted queries are turned off.
    case persistedQueryNotSupported = "PERSISTED_QUERY_NOT_SUPPORTED"
    /// Apollo Router's code for an id missing from the trusted documents.
    case persistedQueryNotInList = "PERSISTED_QUERY_NOT_IN_LIST"
    /// Apollo Router's code for a document text missing from the trusted documents.
    case queryNotInSafelist = "QUERY_NOT_IN_SAFELIST"
    /// Apollo Server 4's code for a malformed request.
    case badRequest = "BAD_REQUEST"
    case unauthenticated = "UNAUTHENTICATED"
    case forbidden = "FORBIDDEN"
    case internalServerError = "INTERNAL_SERVER_ERROR"
    /// The database could not be reached or did not answer within the request's deadline: retry later.
    case databaseUnavailable = "DATABASE_UNAVAILABLE"
    /// The request's deadline passed while it waited for the server to start it: retry later.
    case serverBusy = "SERVER_BUSY"
}
