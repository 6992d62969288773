#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLite

/// Deterministic synthetic data sets for benchmarks, in the shape of
/// `make_db.py --synthetic`: users "0"..."N-1", a friendship ring plus random
/// chords (every user has at least `friends` friends), `moments` moments per
/// user (about 20% URL, the rest 1-3 photos), and up to `likes` likes per
/// moment from the author's friends; optionally one "hot" moment, moment
/// "0", liked by the first `hotMomentLikes` users instead. The same
/// arguments give the same rows (created times are relative to `now`).
package enum SyntheticData {
    /// Replaces the file at `path` (and its -wal/-shm) with a new synthetic database.
    package static func write(
        to path: String, users: Int, friends: Int, moments: Int, likes: Int, hotMomentLikes: Int = 0, seed: UInt64
    ) throws {
        try write(to: path, users: users, friends: friends, moments: moments, likes: likes, hotMomentLikes: hotMomentLikes,
                  seed: seed, now: WallClock.nowMilliseconds() / 1000)
    }

    /// As above, with the reference time `now` in Unix seconds.
    package static func write(
        to path: String, users: Int, friends: Int, moments: Int, likes: Int, hotMomentLikes: Int = 0, seed: UInt64, now: Int64
    ) throws {
        precondition(users >= 0 && friends >= 0 && moments >= 0 && likes >= 0 && hotMomentLikes >= 0, "synthetic sizes are counts")
        for suffix in ["", "-wal", "-shm", "-journal"] {
            remove(path + suffix)
        }
        let connection = try Connection(path: path)
        defer { connection.close() }
        do {
            // A new file that is either whole or removed: no journal and no
            // syncs while it is written, so each page is written once (a WAL
            // would have them written twice, and checkpointed), then WAL
            // mode, as the server runs it. A page cache that holds the indexes
            // being built (256 MiB at most) spares re-reading their pages.
            try connection.executeScript("""
                PRAGMA foreign_keys = ON;
                PRAGMA journal_mode = OFF;
                PRAGMA synchronous = OFF;
                PRAGMA cache_size = -262144;
                """)
            try connection.transaction(.immediate) {
                try connection.executeScript(SchemaSQL.text)
                var generator = SyntheticGenerator(
                    users: users, friends: friends, moments: moments, likes: likes, hotMomentLikes: min(hotMomentLikes, users),
                    seed: seed, now: now)
                try generator.insert(into: connection)
            }
            try connection.executeScript("PRAGMA journal_mode = WAL")
        } catch {
            // Without a journal a failed transaction cannot roll back: nothing half-made is left.
            connection.close()
            for suffix in ["", "-wal", "-shm", "-journal"] {
                remove(path + suffix)
            }
            throw error
        }
    }
}
