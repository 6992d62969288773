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
}

extension DataChangeObserver {
    /// For observers that keep nothing between calls.
    package func changeTrackingLost() { everythingChanged() }
    package func changeTrackingRestored() { everythingChanged() }
}
