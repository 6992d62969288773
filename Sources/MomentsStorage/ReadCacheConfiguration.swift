import Moments

/// The in-process read cache in front of the SQLite repositories (`ReadCache`).
///
/// Memory: users and moments are kept once each however many timelines and
/// liker lists hold them (`Interned`), so memory grows with the distinct
/// moments and users cached, not with how often they appear; lower the
/// capacities to trade hit rate for memory (docs/performance.md).
///
/// Staleness: our own likes are never served stale (the moment's likers are
/// dropped before the write returns). A commit by another program is seen
/// at the latest `externalChangeCheckIntervalMilliseconds` later (plus the
/// write batch in progress, if any), or as soon as one of our writes commits.
package struct ReadCacheConfiguration: Sendable {
    /// Serve repeated reads from memory. When false the repositories read
    /// SQLite every time. Default true.
    package var isEnabled: Bool
    /// Users whose timeline (profile, moments, authors, photos) is kept.
    /// Default `defaultTimelineCapacity`.
    package var timelineCapacity: Int
    /// Moments kept per cached timeline: its newest, the first page read
    /// when it is missed. Pages within them are answered from memory, so it
    /// is the largest page (`--max-page-size`, which `serve` sets it to).
    /// Default `PageSize.defaultMaximum` (100).
    package var timelineLength: Int
    /// Moments whose likers are kept. Default `defaultMomentLikesCapacity`.
    package var momentLikesCapacity: Int
    /// How often the writer checks whether another process committed to the
    /// file (`PRAGMA data_version`); a change clears the whole cache. It is
    /// also checked after every write batch. This bounds how long a change
    /// made by another program can go unseen. Default 100 ms.
    package var externalChangeCheckIntervalMilliseconds: Int

    package init(
        isEnabled: Bool = true,
        timelineCapacity: Int = defaultTimelineCapacity,
        timelineLength: Int = PageSize.defaultMaximum,
        momentLikesCapacity: Int = defaultMomentLikesCapacity,
        externalChangeCheckIntervalMilliseconds: Int = defaultExternalChangeCheckIntervalMilliseconds
    ) {
        self.isEnabled = isEnabled
        self.timelineCapacity = timelineCapacity
        self.timelineLength = timelineLength
        self.momentLikesCapacity = momentLikesCapacity
        self.externalChangeCheckIntervalMilliseconds = externalChangeCheckIntervalMilliseconds
    }

    /// 2,000 timelines: every user of the synthetic benchmark set (1,000)
    /// with room to spare, in a few MB (see above); `--cache-timelines`.
    package static let defaultTimelineCapacity = 2_000
    /// 20,000 moments' likers: the moments of 2,000 timelines of up to 10
    /// own moments each; `--cache-moment-likes`.
    package static let defaultMomentLikesCapacity = 20_000

    /// 100 ms: another program's commit is served at most this late; `--external-change-check-ms`.
    package static let defaultExternalChangeCheckIntervalMilliseconds = 100

    /// No cache: every read goes to SQLite.
    package static let disabled = ReadCacheConfiguration(isEnabled: false)
}
