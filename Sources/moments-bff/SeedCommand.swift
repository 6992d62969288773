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

    @Option(name: .customLong("database"), help: "Database file to create. [DATABASE_PATH] (default: ./moments.sqlite)")
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
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            guard force else { throw ValidationError("\(path) already exists; pass --force to replace it") }
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try files.removeItem(atPath: path + suffix)
            }
        }
        if synthetic {
            try SyntheticData.write(to: path, users: users, friends: friends, moments: moments, likes: likes, seed: seed)
            print("wrote synthetic data (\(users) users) to \(path)")
        } else {
            let store = try MomentsStore.open(path: path, readers: 1, seedDemoData: true)
            store.close()
            print("wrote demo data to \(path)")
        }
    }
}
