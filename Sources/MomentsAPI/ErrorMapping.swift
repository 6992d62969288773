import GraphQL
import Logging
import Moments

/// The only place that turns errors into `extensions.code`: domain errors
/// become `NOT_FOUND` with a message the client may see; anything else is
/// logged with its detail and answered as a generic internal error.
package struct ErrorMapping: Sendable {
    private let logger: Logger

    package init(logger: Logger) { self.logger = logger }

    package func graphQLError(for error: any Error) -> GraphQLError {
        switch error {
        case let error as GraphQLError:
            return error
        case MomentsError.userNotFound(let id):
            return GraphQLError("User '\(id)' not found.", code: .notFound)
        case MomentsError.momentNotFound(let id):
            return GraphQLError("Moment '\(id)' not found.", code: .notFound)
        default:
            logger.error("internal error while resolving a field", metadata: ["error": "\(String(reflecting: error))"])
            return GraphQLError("Internal server error.", code: .internalServerError)
        }
    }
}
