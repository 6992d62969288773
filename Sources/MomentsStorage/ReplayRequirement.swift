import Locking

/// What a standby must have replayed before it may serve a read, decided
/// without any clock: the pure half of `ReadRouting`.
///
/// Every change this instance hears (its own like once committed, another
/// instance's through `NOTIFY`, a gap in listening) is numbered. The
/// monitor's heartbeat asks the primary for its WAL position; an answer to
/// a heartbeat sent after change N is a position at or past N's commit, so
/// from then on a standby that has replayed `required` shows N. Until that
/// answer, change N's moment is read on the primary. So a client always
/// sees its own like, and a read never shows a moment older than a change
/// this instance has heard of, wherever it runs.
struct ReplayRequirement: Sendable {
    /// Moments tracked with changes not yet covered; past it they collapse
    /// into one change of everything (the monitor is down or slow).
    static let maxTracked = 4096

    /// The primary's WAL position a standby must have replayed (0: none known yet).
    private(set) var required: UInt64 = 0
    private var sequence: UInt64 = 1
    /// Changes numbered at or below this are covered by `required`.
    private var covered: UInt64 = 0
    /// The last change numbered when the heartbeat under way was sent.
    private var heartbeatCovers: UInt64?
    private var changedAt: [UTF8Key: UInt64] = [:]
    /// Nothing is known until the first heartbeat is answered.
    private var everythingChangedAt: UInt64 = 1

    var trackedMoments: Int { changedAt.count }

    mutating func changed(moment: UTF8Key) {
        next()
        if changedAt[moment] == nil, changedAt.count >= Self.maxTracked {
            changedEverything()
        } else {
            changedAt[moment] = sequence
        }
    }

    /// Anything may have changed: another program wrote, or changes made meanwhile were not heard.
    mutating func changedEverything() {
        next()
        everythingChangedAt = sequence
        changedAt.removeAll()
    }

    mutating func heartbeatSent() {
        heartbeatCovers = sequence
    }

    /// The heartbeat sent last was answered with the primary's position `lsn`.
    mutating func heartbeatAnswered(lsn: UInt64) {
        required = max(required, lsn)
        guard let covers = heartbeatCovers else { return }
        heartbeatCovers = nil
        covered = max(covered, covers)
        if !changedAt.isEmpty { changedAt = changedAt.filter { $0.value > covered } }
    }

    /// Whether a standby that replayed `required` shows every change heard to `moments`.
    func standbyMayServe(_ moments: [String]) -> Bool {
        guard required > 0, everythingChangedAt <= covered else { return false }
        return changedAt.isEmpty || moments.allSatisfy { (changedAt[UTF8Key($0)] ?? 0) <= covered }
    }

    /// Saturating: 2^64 changes do not happen, and a wrapped number would cover everything.
    private mutating func next() {
        if sequence < .max { sequence += 1 }
    }
}
