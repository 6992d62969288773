#if canImport(Glibc)
import Glibc
#endif

/// How a `DatabasePool` opens and configures its connections.
package struct DatabaseConfiguration: Sendable {
    /// Reader connections in the pool; reads beyond this wait for a free one. Default `defaultReaders`.
    package var readers: Int
    /// One reader per online core, at least 2. Not more: with the read cache in front,
    /// readers mostly idle, and each maps the file separately, which counts its pages again
    /// in the RSS (docs/performance.md has the figures).
    package static let defaultReaders = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// How long a connection retries a lock held by another process before
    /// failing with SQLITE_BUSY (`sqlite3_busy_timeout`). Default 5000 ms.
    package var busyTimeoutMilliseconds: Int32
    /// Most write operations committed together in one transaction (group
    /// commit). Default 512.
    package var maxWriteBatch: Int
    /// Bytes of the file each connection reads through a memory map
    /// (`PRAGMA mmap_size`) instead of read() into its page cache. Default
    /// 0x7fff0000 (2 GiB), SQLite's own limit: random reads of a large file
    /// then cost no copy (a cold timeline page on a 540 MB file took 14 %
    /// less than with 256 MiB); mapped pages are the kernel's page cache.
    package var mmapSizeBytes: Int64
    /// Page cache of each connection in KiB (`PRAGMA cache_size = -N`). Default 8192 (8 MiB).
    package var cacheSizeKiB: Int
    /// Called on every connection (writer first) after the pragmas, e.g. to
    /// install a statement observer in tests. Default none.
    package var prepareConnection: (@Sendable (Connection) throws -> Void)?
    /// Wraps a writer's wait for its batch's commit (fsync included), so that
    /// the caller's thread pool can run other work meanwhile; the server passes
    /// `HandlerWait.perform`. MomentsStore gives it to PostgreSQL's likes too, for
    /// their round trip to the commit. Default: just wait.
    package var whileWaitingForCommit: @Sendable (() -> Void) -> Void = { $0() }
    /// Called on the writer's queue after every group commit (committed or
    /// not) with its operations and its time from `BEGIN` to the end of
    /// `COMMIT` (the fsync included), for the metrics. Keep it quick: the
    /// next batch waits for it. Default none.
    package var commitObserver: (@Sendable (_ operations: Int, _ duration: Duration) -> Void)?
    /// Called on a writer's own thread after it waited for its commit, with
    /// that group commit's interval and size, for the writer's trace (its
    /// `COMMIT` span). Default none.
    package var commitWaited: (@Sendable (CommitInterval) -> Void)?

    package init(
        readers: Int = DatabaseConfiguration.defaultReaders,
        busyTimeoutMilliseconds: Int32 = 5000,
        maxWriteBatch: Int = 512,
        mmapSizeBytes: Int64 = 0x7fff_0000,
        cacheSizeKiB: Int = 8192,
        prepareConnection: (@Sendable (Connection) throws -> Void)? = nil
    ) {
        self.readers = readers
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxWriteBatch = maxWriteBatch
        self.mmapSizeBytes = mmapSizeBytes
        self.cacheSizeKiB = cacheSizeKiB
        self.prepareConnection = prepareConnection
    }
}
