import CMalloc
import Glibc

/// glibc's malloc gives a thread that meets contention an arena of its own, up to eight per
/// core, and every arena keeps what its threads freed for their next allocations. The server
/// runs more threads than cores (handler lanes, spare lanes for likes waiting on fsync, SQLite
/// readers, the writer, the log writer), so under a mixed load most of them end up with an
/// arena holding a response's worth of free blocks. Two per core keeps that memory bounded.
/// Not one per core: threads would then wait for each other's arena locks under the like mix
/// (docs/performance.md has the figures).
enum MallocArenas {
    static let perCore = 2

    /// Blocks of this size and larger are mapped on their own and unmapped when freed.
    static let mmapThreshold = 256 * 1024

    /// Caps the arenas before the server starts its threads, unless the operator set
    /// `MALLOC_ARENA_MAX` (glibc has read it already; theirs is the better-informed choice);
    /// and fixes the threshold above which a block is mapped on its own
    /// (`MALLOC_MMAP_THRESHOLD_` likewise wins). glibc otherwise raises that threshold to
    /// the size of each large block freed, up to 32 MiB, so the transient megabytes of one
    /// large request (a body's parsed variables) stay in an arena afterwards: 176 streams
    /// opened with 600 KB of unused variables each left 57 MiB resident that way, 2 MiB
    /// with the threshold fixed (docs/performance.md). The app's own requests and answers
    /// (under 64 KiB) never reach it.
    static func limit() {
        if Environment.string("MALLOC_ARENA_MAX") == nil {
            let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            mallopt(M_ARENA_MAX, Int32(perCore * cores))
        }
        if Environment.string("MALLOC_MMAP_THRESHOLD_") == nil {
            mallopt(M_MMAP_THRESHOLD, Int32(mmapThreshold))
        }
    }
}
