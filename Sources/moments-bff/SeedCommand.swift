import ArgumentParser
import FoundationEssentials
import MomentsStorage

/// `moments-bff seed`: writes the demo data or a synthetic data set into a new database.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Write the demo data (default) or a synthetic data set into a new database file.",
        discussion: "Synthetic data is deterministic for a given --seed: users \"0\"...\"N-1\", each with at least --friends friends, --moments moments, and --likes likes per moment."
    )

    @Option(name: .customLong("database"), help: "Database file to create, or an empty PostgreSQL database's URI (postgres://...). [DATABASE_PATH] (default: ./moments.sqlite)")
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
    @Option(help: "Synthetic: random seed.") var seed: UInt64 = 1

    @Flag(help: "Replace the database file if it exists (otherwise an existing file is an error).")
    var force = false

    func run() throws {
        let path = Environment.resolve(databasePath, "DATABASE_PATH", default: "moments.sqlite")
        let users = try OptionBounds.users.resolve(users)
        let friends = try OptionBounds.friends.resolve(friends)
        let moments = try OptionBounds.moments.resolve(moments)
        let likes = try OptionBounds.likes.resolve(likes)
        if case .postgreSQL = DatabaseLocation(path) {
            // Made as a SQLite file first, then copied: one seeder for both engines.
            guard !force else { throw ValidationError("--force only replaces files; drop a PostgreSQL database's tables yourself") }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moments-seed-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let file = directory + "/seed.sqlite"
            try write(to: file, users: users, friends: friends, moments: moments, likes: likes)
            try DatabaseCopy.copy(from: .sqlite(path: file), to: DatabaseLocation(path))
            print("wrote \(synthetic ? "synthetic data (\(users) users)" : "demo data") to \(DatabaseLocation(path))")
            return
        }
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            guard force else { throw ValidationError("\(path) already exists; pass --force to replace it") }
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try files.removeItem(atPath: path + suffix)
            }
        }
        try write(to: path, users: users, friends: friends, moments: moments, likes: likes)
        print("wrote \(synthetic ? "synthetic data (\(users) users)" : "demo data") to \(path)")
    }

    private func write(to path: String, users: Int, friends: Int, moments: Int, likes: Int) throws {
        if synthetic {
            try SyntheticData.write(to: path, users: users, friends: friends, moments: moments, likes: likes, seed: seed)
        } else {
            let store = try MomentsStore.open(path: path, readers: 1, seedDemoData: true)
            store.close()
        }
    }
}
