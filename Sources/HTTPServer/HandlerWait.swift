/// For code a handler calls that waits without using a core (a like waiting
/// for its commit: SQLite's group fsync, PostgreSQL's COMMIT round trip): the
/// handler pool runs another request on a spare thread meanwhile
/// (`ServerThreads.spareHandlerThreads`), and the like resumes on its own thread
/// once durable. Called from any other thread, it just runs `wait`.
///
/// The storage layer does not depend on the transport: the composition root
/// hands this function to it (`DatabaseConfiguration.whileWaitingForCommit`).
package enum HandlerWait {
    package static func perform(_ wait: () -> Void) {
        HandlerPool.whileBlockedOnCurrentLane(wait)
    }
}
