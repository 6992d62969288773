/// The instant by which the request being served must be answered, for the
/// storage it waits on: the API layer binds it around a request's execution
/// (a task-local; outside a task it is bound to the handler's thread), and
/// the repositories that wait on a network (PostgreSQL) wait no longer.
/// Nil outside a request: each storage call then has its own bound.
package enum RequestDeadline {
    @TaskLocal package static var current: ContinuousClock.Instant?
}

/// The database could not be reached, or did not answer within the
/// request's deadline: nothing was acknowledged (a like whose commit was
/// under way may still have committed), and the client may retry later.
/// The API answers it as `DATABASE_UNAVAILABLE`.
package struct StorageUnavailable: Error, Sendable, CustomStringConvertible {
    /// For the log, never for the client.
    package let reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { "storage unavailable: \(reason)" }
}
