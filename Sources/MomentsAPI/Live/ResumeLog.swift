import Locking

/// The like changes heard lately, in commit order, each with its position
/// (`DataChangeObserver.changeHeard`): what a stream reconnecting with
/// `Last-Event-ID` missed. Pure, with the time passed in (uptime
/// nanoseconds): the hub holds one under its lock. A mark (a position with
/// no moment) is kept like a change, to be resumed from, and names nothing.
///
/// Bounded twice: entries older than `window` go (the newest always stays,
/// so a position with nothing after it resumes however old), and at most
/// `capacity` are kept. A gap in hearing (`forget`) makes every earlier
/// position unknown, as does a position this process never heard (another
/// process's, from before a restart, made up).
struct ResumeLog: Sendable {
    private struct Entry: Sendable {
        var position: UTF8Key
        var moment: UTF8Key?
        var at: UInt64
    }

    let window: UInt64
    let capacity: Int
    private var entries: [Entry] = []
    /// Entries before this index are gone (kept until compaction).
    private var start = 0
    /// Each kept position's absolute number (`dropped` + index - `start`).
    private var numbers: [UTF8Key: Int] = [:]
    /// Entries dropped since the start, so numbers stay valid across compaction.
    private var dropped = 0

    init(window: UInt64, capacity: Int) {
        self.window = window
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count - start }

    /// The newest position heard, if any is known.
    var latest: String? { count > 0 ? entries.last?.position.string : nil }

    mutating func heard(_ position: String, moment: UTF8Key?, at now: UInt64) {
        let key = UTF8Key(position)
        // A position heard twice (never, from the database) keeps its first place.
        guard numbers[key] == nil else { return }
        numbers[key] = dropped + count
        entries.append(Entry(position: key, moment: moment, at: now))
        trim(now: now)
    }

    /// Nothing heard before now can be resumed from: changes may have gone unheard.
    mutating func forget() {
        dropped += count
        entries.removeAll()
        start = 0
        numbers.removeAll()
    }

    /// The moments changed after `position`, each once, in the order of
    /// their latest change; nil when `position` is not kept (unknown, or
    /// trimmed: then some changes after it may be gone too).
    func moments(after position: String) -> [UTF8Key]? {
        guard let number = numbers[UTF8Key(position)] else { return nil }
        let index = start + (number - dropped)
        guard index >= start, index < entries.count else { return nil }
        var seen = Set<UTF8Key>()
        var moments: [UTF8Key] = []
        for entry in entries[(index + 1)...].reversed() {
            if let moment = entry.moment, seen.insert(moment).inserted { moments.append(moment) }
        }
        return moments.reversed()
    }

    private mutating func trim(now: UInt64) {
        while count > capacity || (count > 1 && entries[start].at &+ window < now) {
            numbers[entries[start].position] = nil
            start += 1
            dropped += 1
        }
        if start > 1024, start * 2 > entries.count {
            entries.removeFirst(start)
            start = 0
        }
    }
}
