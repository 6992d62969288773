import CMalloc
import Glibc

/// glibc's malloc gives a thread that meets contention an arena of its own, up to eight per
/// core, and every arena keeps what its threads freed for their next allocations. The server
/// runs more threads than cores (handler lanes, spare lanes for likes waiting on fsync, SQLite
/// readers, the writer, the log writer), so under a mixed load most of them end up with an
/// arena holding a response's worth of free blocks. Two per core keeps that memory bounded.
///
/// Measured (scripts/bench/bench.py, like-mix, 3 rounds of 8 s, 2 cores, two runs): peak RSS
/// 37.2 and 36.6 MB with four arenas against 40.5 and 40.4 MB with glibc's sixteen, req/s
/// within 2 %; feed-synthetic 36.3 against 38.9 MB. Two arenas cost like-mix 10-17 %, the
/// threads then waiting for each other's arena locks.
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
