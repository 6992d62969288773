/// For code a handler calls that waits without using a core (a like on
/// PostgreSQL waiting for its COMMIT's round trip, or a blocking SQLite write;
/// the app's likes on SQLite defer instead, see `HTTPAnswer.deferred`):
/// the handler pool runs another request on a
/// spare thread meanwhile (`HTTPLimits.spareHandlerThreads`). Called from any
/// other thread, it just runs `wait`.
///
/// The storage layer does not depend on the transport: the composition root
/// hands this function to it (`DatabaseConfiguration.whileWaitingForCommit`).
package enum HandlerWait {
    package static func perform(_ wait: () -> Void) {
        HandlerPool.whileBlockedOnCurrentLane(wait)
    }
}
