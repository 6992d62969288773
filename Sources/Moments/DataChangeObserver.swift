/// Hears about changes to data that reads returned, so that whatever was
/// built from those reads (a cached answer) can be dropped before anyone is
/// told the change happened. Called on the thread that made or saw the change.
package protocol DataChangeObserver: Sendable {
    /// A like or unlike of `momentID` committed, or failed in an unknown state.
    func likesChanged(momentID: String)
    /// Anything may have changed (another program wrote the database).
    func everythingChanged()
    /// Changes made elsewhere can no longer be heard: drop everything and
    /// keep nothing until `changeTrackingRestored()`.
    func changeTrackingLost()
    /// Changes are heard again: drop what may have been missed, keep again.
    func changeTrackingRestored()
    /// A change to `momentID`'s likes sits at `position` in the order the
    /// database committed it, the same position for every instance that
    /// hears it (PostgreSQL: a sequence the change's notification carries;
    /// SQLite: this process's count of its writes), in commit order, just
    /// before the `likesChanged` it places (PostgreSQL: before the one its
    /// notification precedes; this instance's own likes are also reported
    /// earlier, when they commit, without a position). A gap in hearing is
    /// reported as `changeTrackingLost` or `everythingChanged`, after which
    /// earlier positions mean nothing. A nil `momentID` is a mark: a
    /// position with no change (one that PostgreSQL's listener asks for as
    /// it starts listening, so there is one before any like, or the newest
    /// position, told to an observer that subscribes after it).
    func changeHeard(at position: String, momentID: String?)
}

extension DataChangeObserver {
    /// For observers that need no positions.
    package func changeHeard(at position: String, momentID: String?) {}

    /// For observers that keep nothing between calls.
    package func changeTrackingLost() { everythingChanged() }
    package func changeTrackingRestored() { everythingChanged() }
}
