import Locking

/// Which groups a like of a moment reaches: those whose viewer's newest page
/// holds the moment, and those whose page is not known yet (every like may
/// concern them until it is read). Kept as groups open and close, as their
/// pages are read, and forgotten when another program changed the data
/// (`forgetPages`): a like costs its audience, not every open group.
///
/// Pure: the hub holds one under its lock and feeds it what happened.
/// Likes never change which moments a page holds; only another program can
/// (the read cache's timelines rest on the same rule).
struct AudienceIndex<Group: Hashable & Sendable>: Sendable {
    private var groupsByMoment: [UTF8Key: Set<Group>] = [:]
    private var momentsByGroup: [Group: Set<UTF8Key>] = [:]
    /// Open groups whose page is not known.
    private(set) var unread: Set<Group> = []
    /// Goes up at every `forgetPages`: a page read before it is stale.
    private(set) var epoch = 0

    var openGroups: Int { momentsByGroup.count + unread.count }

    /// The groups a like of `moment` may change a result of.
    func audience(of moment: UTF8Key) -> Set<Group> {
        guard let known = groupsByMoment[moment] else { return unread }
        return unread.isEmpty ? known : known.union(unread)
    }

    /// Every open group with its page's moments (none while its page is not known).
    var pages: [(group: Group, moments: Set<UTF8Key>)] {
        momentsByGroup.map { ($0.key, $0.value) } + unread.map { ($0, []) }
    }

    func isOpen(_ group: Group) -> Bool { unread.contains(group) || momentsByGroup[group] != nil }

    mutating func opened(_ group: Group) {
        guard !isOpen(group) else { return }
        unread.insert(group)
    }

    mutating func closed(_ group: Group) {
        unread.remove(group)
        unlink(group)
    }

    /// `group`'s page, read at `epoch`: ignored for a group closed meanwhile or
    /// a page read before the data changed under it.
    mutating func read(_ group: Group, moments: Set<UTF8Key>, epoch readEpoch: Int) {
        guard readEpoch == epoch, isOpen(group) else { return }
        // The same page as known (a like never changes it): nothing to relink.
        if momentsByGroup[group] == moments { return }
        unread.remove(group)
        unlink(group)
        momentsByGroup[group] = moments
        for moment in moments { groupsByMoment[moment, default: []].insert(group) }
    }

    /// Another program changed the data: any page may hold other moments now.
    mutating func forgetPages() {
        unread.formUnion(momentsByGroup.keys)
        momentsByGroup = [:]
        groupsByMoment = [:]
        epoch &+= 1
    }

    private mutating func unlink(_ group: Group) {
        guard let moments = momentsByGroup.removeValue(forKey: group) else { return }
        for moment in moments {
            groupsByMoment[moment]?.remove(group)
            if groupsByMoment[moment]?.isEmpty == true { groupsByMoment[moment] = nil }
        }
    }
}
