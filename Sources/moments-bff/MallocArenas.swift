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

    /// Caps the arenas before the server starts its threads, unless the operator set
    /// `MALLOC_ARENA_MAX` (glibc has read it already; theirs is the better-informed choice).
    static func limit() {
        guard Environment.string("MALLOC_ARENA_MAX") == nil else { return }
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        mallopt(M_ARENA_MAX, Int32(perCore * cores))
    }
}
