import ArgumentParser
import Glibc
import FoundationEssentials
import MomentsStorage

/// `moments-bff seed`: writes the demo data or a synthetic data set into a new database.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Write the demo data (default) or a synthetic data set into a new database file.",
        discussion: "Synthetic data is deterministic for a given --seed: users \"0\"...\"N-1\", each with at least --friends friends, --moments moments, and --likes likes per moment; --hot-moment-likes N gives moment \"0\" the likes of users \"0\"...\"N-1\" instead."
    )

    @Option(name: .customLong("database"), help: "Database file to create, or an empty PostgreSQL database's connection string (postgres://... or libpq's host=... form). [DATABASE_PATH] (default: ./moments.sqlite)")
    var databasePath: String?

    @Flag(help: "Write a synthetic data set instead of the demo data.")
    var synthetic = false

    @Option(parsing: .unconditional, help: OptionBounds.users.help("Synthetic: number of users."))
    var users: String?
    @Option(parsing: .unconditional, help: OptionBounds.friends.help("Synthetic: friends per user."))
    var friends: String?
    @Option(parsing: .unconditional, help: OptionBounds.moments.help("Synthetic: moments per user."))
    var moments: String?
    @Option(parsing: .unconditional, help: OptionBounds.likes.help("Synthetic: likes per moment."))
    var likes: String?
    @Option(parsing: .unconditional, help: OptionBounds.hotMomentLikes.help("Synthetic: likes of moment \"0\" (a hot moment), from the first users; at most --users."))
    var hotMomentLikes: String?
    @Option(help: "Synthetic: random seed.") var seed: UInt64 = 1

    @Flag(help: "Replace the database file if it exists (otherwise an existing file is an error).")
    var force = false

    func run() throws {
        let location = DatabaseLocation(Environment.resolve(databasePath, "DATABASE_PATH", default: "moments.sqlite"))
        let users = try OptionBounds.users.resolve(users)
        let friends = try OptionBounds.friends.resolve(friends)
        let moments = try OptionBounds.moments.resolve(moments)
        let likes = try OptionBounds.likes.resolve(likes)
        let hotMomentLikes = try OptionBounds.hotMomentLikes.resolve(hotMomentLikes)
        guard hotMomentLikes <= users else {
            throw ValidationError("--hot-moment-likes must be at most --users (\(users)), the users who like it (got \(hotMomentLikes))")
        }
        let sizes = SyntheticSizes(users: users, friends: friends, moments: moments, likes: likes, hotMomentLikes: hotMomentLikes)
        let started = ContinuousClock.now
        let path: String
        switch location {
        case .sqlite(let file): path = file
        case .unrecognized: throw ValidationError(DatabaseLocation.Unrecognized(shown: location.description).description)
        case .postgreSQL:
            // Made as a SQLite file first, then copied: one seeder for both engines.
            guard !force else { throw ValidationError("--force only replaces files; drop a PostgreSQL database's tables yourself") }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moments-seed-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let file = directory + "/seed.sqlite"
            try write(to: file, sizes)
            try DatabaseCopy.copy(from: .sqlite(path: file), to: location)
            print("wrote \(synthetic ? "synthetic data (\(users) users)" : "demo data") to \(location) in \(Self.seconds(since: started))")
            return
        }
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            guard force else { throw ValidationError("\(path) already exists; pass --force to replace it") }
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try files.removeItem(atPath: path + suffix)
            }
        }
        try write(to: path, sizes)
        var status = stat()
        let bytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
        print("wrote \(synthetic ? "synthetic data (\(users) users)" : "demo data") to \(path) in \(Self.seconds(since: started)), \(bytes / 1_000_000) MB")
    }

    /// The synthetic data set's shape, from the options.
    private struct SyntheticSizes {
        let users, friends, moments, likes, hotMomentLikes: Int
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return "\((seconds * 10).rounded() / 10) s"
    }

    private func write(to path: String, _ sizes: SyntheticSizes) throws {
        if synthetic {
            try SyntheticData.write(
                to: path, users: sizes.users, friends: sizes.friends, moments: sizes.moments, likes: sizes.likes,
                hotMomentLikes: sizes.hotMomentLikes, seed: seed)
        } else {
            let store = try MomentsStore.open(path: path, readers: 1, seedDemoData: true)
            store.close()
        }
    }
}
