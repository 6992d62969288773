/// The in-process read cache in front of the SQLite repositories (`ReadCache`).
///
/// Memory: a cached timeline holds its `Timeline` value; with the synthetic
/// data set (33 moments of 1-3 photos, 11 authors) that is about 20 KB
/// (measured by `storage-bench`), so the default 10,000 timelines is at most
/// about 200 MB. A moment's cached likers cost about 100 bytes plus 70 per
/// liker (a `User` value whose strings share the profile read with it):
/// the default 100,000 moments with 5 likers each is about 45 MB.
public struct ReadCacheConfiguration: Sendable {
    /// Serve repeated reads from memory. When false the repositories read
    /// SQLite every time. Default true.
    public var isEnabled: Bool
    /// Users whose timeline (profile, moments, authors, photos) is kept. Default 10,000.
    public var timelineCapacity: Int
    /// Moments whose likers are kept. Default 100,000.
    public var momentLikesCapacity: Int
    /// How often the writer checks whether another process committed to the
    /// file (`PRAGMA data_version`); a change clears the whole cache. It is
    /// also checked after every write batch. This bounds how long a change
    /// made by another program can go unseen. Default 100 ms.
    public var externalChangeCheckIntervalMilliseconds: Int

    public init(
        isEnabled: Bool = true,
        timelineCapacity: Int = 10_000,
        momentLikesCapacity: Int = 100_000,
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
