/// The in-process read cache in front of the SQLite repositories (`ReadCache`).
///
/// Memory (measured by `storage-bench`, `cached memory` rows, synthetic data:
/// 33-moment timelines of 1-3 photos each, 11 authors, 5 likers per moment):
/// a cached timeline costs about 18 KiB and a moment's cached likers about
/// 1.2 KiB, so the defaults (10,000 timelines, 50,000 moments) hold at most
/// about 180 MiB + 60 MiB. Both scale with the moments per timeline and
/// likers per moment; lower the capacities to trade hit rate for memory.
///
/// Staleness: our own likes are never served stale (the moment's likers are
/// dropped before the write returns). A commit by another program is seen
/// at the latest `externalChangeCheckIntervalMilliseconds` later (plus the
/// write batch in progress, if any), or as soon as one of our writes commits.
public struct ReadCacheConfiguration: Sendable {
    /// Serve repeated reads from memory. When false the repositories read
    /// SQLite every time. Default true.
    public var isEnabled: Bool
    /// Users whose timeline (profile, moments, authors, photos) is kept. Default 10,000.
    public var timelineCapacity: Int
    /// Moments whose likers are kept. Default 50,000 (the moments of 10,000
    /// timelines of 5 own moments each).
    public var momentLikesCapacity: Int
    /// How often the writer checks whether another process committed to the
    /// file (`PRAGMA data_version`); a change clears the whole cache. It is
    /// also checked after every write batch. This bounds how long a change
    /// made by another program can go unseen. Default 100 ms.
    public var externalChangeCheckIntervalMilliseconds: Int

    public init(
        isEnabled: Bool = true,
        timelineCapacity: Int = 10_000,
        momentLikesCapacity: Int = 50_000,
        externalChangeCheckIntervalMilliseconds: Int = 100
    ) {
        self.isEnabled = isEnabled
        self.timelineCapacity = timelineCapacity
        self.momentLikesCapacity = momentLikesCapacity
        self.externalChangeCheckIntervalMilliseconds = externalChangeCheckIntervalMilliseconds
    }

    /// No cache: every read goes to SQLite.
    public static let disabled = ReadCacheConfiguration(isEnabled: false)
}
