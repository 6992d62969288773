import GraphQL

/// The root value of a subscription's first execution, before its stream
/// opens (graphql-js's `subscribe`: CreateSourceEventStream): the root
/// field's resolver checks its arguments, that the viewer may act as
/// `userID` and that the user exists, records the viewer here and ends the
/// execution with `Accepted`. Any other error (`NOT_FOUND`, `FORBIDDEN`,
/// bad variables) is the stream's only result.
final class SubscriptionStart {
    /// Set when the subscription may start.
    var userID: String?

    /// Ends the first execution once the subscription is accepted: not an error the client sees.
    struct Accepted: Error {}
}
