import Locking

/// The fan-out's work, decided without running any of it: per group the
/// moments whose results are due (each once, however many likes came),
/// at most one job per group at a time (so a group's results are pushed in
/// the order of its reads), and at most `limit` jobs at once, the rest
/// ready in arrival order. Pure: the hub holds one under its lock, and
/// every call returns the groups whose job should start now.
struct FanOutQueue<Group: Hashable & Sendable>: Sendable {
    let limit: Int
    /// Moments due per group (a group with an empty list is due a page read).
    private var due: [Group: [UTF8Key]] = [:]
    private var dueSets: [Group: Set<UTF8Key>] = [:]
    private var ready: [Group] = []
    private var readyStart = 0
    private(set) var running: Set<Group> = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var readyCount: Int { ready.count - readyStart }

    /// `moment`'s result is due for `group` (nil: only its page is).
    mutating func add(_ moment: UTF8Key?, to group: Group) -> [Group] {
        let wasDue = due[group] != nil
        if let moment {
            if dueSets[group, default: []].insert(moment).inserted { due[group, default: []].append(moment) }
        } else if !wasDue {
            due[group] = []
        }
        if !wasDue, !running.contains(group) { ready.append(group) }
        return startable()
    }

    /// The moments due for a job of `group` that starts now (it is running).
    mutating func take(_ group: Group) -> [UTF8Key] {
        dueSets[group] = nil
        return due.removeValue(forKey: group) ?? []
    }

    /// `group`'s job ended: it runs again if more came meanwhile, behind the ready ones.
    mutating func finished(_ group: Group) -> [Group] {
        running.remove(group)
        if due[group] != nil { ready.append(group) }
        return startable()
    }

    /// A job that could not be started (the pool refused it): ready again, first.
    mutating func refused(_ group: Group) {
        running.remove(group)
        if due[group] == nil { due[group] = [] }
        if readyStart > 0 {
            readyStart -= 1
            ready[readyStart] = group
        } else {
            ready.insert(group, at: 0)
        }
    }

    /// The group is gone: nothing more is due for it.
    mutating func closed(_ group: Group) {
        due[group] = nil
        dueSets[group] = nil
    }

    /// The groups to start now, marked running.
    mutating func startable() -> [Group] {
        var started: [Group] = []
        while running.count < limit, readyStart < ready.count {
            let group = ready[readyStart]
            readyStart += 1
            // Closed meanwhile, or already running (queued twice): nothing to start.
            guard due[group] != nil, !running.contains(group) else { continue }
            running.insert(group)
            started.append(group)
        }
        if readyStart > 64, readyStart * 2 > ready.count {
            ready.removeFirst(readyStart)
            readyStart = 0
        }
        return started
    }
}
