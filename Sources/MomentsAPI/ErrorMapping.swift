import GraphQL
import Logging
import Moments

/// The only place that turns errors into `extensions.code`: domain errors
/// become `NOT_FOUND` or `BAD_USER_INPUT` with a message the client may see;
/// anything else is logged with its detail and the request's id, and
/// answered as a generic internal error.
package struct ErrorMapping: Sendable {
    /// What a client is told when the database is unavailable (`StorageUnavailable`).
    package static let databaseUnavailable = GraphQLError(
        "The database is unavailable; try again later.", code: .databaseUnavailable)

    private let logger: Logger

    package init(logger: Logger) { self.logger = logger }

    /// - Parameter context: the execution's context; a `MomentsContext`'s
    ///   request names the request in the log line.
    package func graphQLError(for error: any Error, context: Any) -> GraphQLError {
        switch error {
        case let error as GraphQLError:
            return error
        case MomentsError.userNotFound(let id):
            return GraphQLError("User '\(id)' not found.", code: .notFound)
        case MomentsError.momentNotFound(let id):
            return GraphQLError("Moment '\(id)' not found.", code: .notFound)
        case MomentsError.pageSizeOutOfRange(let requested, let maximum):
            return GraphQLError("`first` must be between 0 and \(maximum) (got \(requested)).", code: .badUserInput)
        case is StorageUnavailable:
            // Not logged per request: the database's state changes are (one line each).
            return Self.databaseUnavailable
        default:
            var metadata: Logger.Metadata = ["error": "\(String(reflecting: error))"]
            if let requestID = (context as? MomentsContext)?.request?.requestID, !requestID.isEmpty {
                metadata["requestID"] = "\(requestID)"
            }
            logger.error("internal error while resolving a field", metadata: metadata)
            return GraphQLError("Internal server error.", code: .internalServerError)
        }
    }
}
