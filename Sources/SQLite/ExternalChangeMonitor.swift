import Dispatch

/// Notices commits made to the file by other connections, in other processes.
///
/// SQLite docs, PRAGMA data_version: "The integer values returned by two
/// invocations of "PRAGMA data_version" from the same connection will be
/// different if changes were committed to the database by any other
/// connection in the interim. The "PRAGMA data_version" value is unchanged
/// for changes committed on the same database connection." Asked on the
/// writer connection, it therefore ignores our own writes and, since our
/// readers never commit, changes only when another program commits.
///
/// Confined to the writer's serial queue: `check()` runs after every write
/// batch and on a timer, so an outside commit is seen within one interval
/// (plus the batch in progress, if any).
final class ExternalChangeMonitor: @unchecked Sendable {
    /// The statement the monitor runs on the writer (tests that count statements skip it).
    static let sql = "PRAGMA data_version"

    private let connection: ConnectionBox
    private let onChange: @Sendable () -> Void
    // Only touched on the writer queue.
    private var lastVersion: SQLiteValue?
    private var timer: (any DispatchSourceTimer)?

    /// Reads the current version as the baseline; call on the writer queue.
    init(connection: ConnectionBox, onChange: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.onChange = onChange
        self.lastVersion = try? connection.connection.scalar(Self.sql)
    }

    deinit {
        timer?.cancel()
    }

    /// Runs `check()` every `intervalMilliseconds` on `queue` (the writer queue).
    func start(on queue: DispatchQueue, intervalMilliseconds: Int) {
        precondition(intervalMilliseconds > 0, "the check interval is positive")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(intervalMilliseconds)
        // A tenth of the interval of leeway lets the system batch wake-ups.
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(max(1, intervalMilliseconds / 10)))
        timer.setEventHandler { [weak self] in self?.check() }
        self.timer = timer
        timer.resume()
    }

    /// Compares `PRAGMA data_version` with the last value and calls
    /// `onChange` when it moved. A failed check counts as a change: when in
    /// doubt, callers drop what they derived from the file.
    func check() {
        let version = try? connection.connection.scalar(Self.sql)
        guard version == nil || version != lastVersion else { return }
        lastVersion = version
        onChange()
    }

    /// Stops the timer; call on the writer queue before closing the connection.
    func stop() {
        timer?.cancel()
        timer = nil
    }
}
