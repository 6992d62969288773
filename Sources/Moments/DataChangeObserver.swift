/// Hears about changes to data that reads returned, so that whatever was
/// built from those reads (a cached answer) can be dropped before anyone is
/// told the change happened. Called on the thread that made or saw the change.
package protocol DataChangeObserver: Sendable {
    /// A like or unlike of `momentID` committed, or failed in an unknown state.
    func likesChanged(momentID: String)
    /// Anything may have changed (another program wrote the database).
    func everythingChanged()
}
