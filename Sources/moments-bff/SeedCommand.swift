import ArgumentParser
import Foundation
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

    @Option(help: "Synthetic: number of users.") var users = 1000
    @Option(help: "Synthetic: friends per user.") var friends = 10
    @Option(help: "Synthetic: moments per user.") var moments = 3
    @Option(help: "Synthetic: likes per moment.") var likes = 5
    @Option(help: "Synthetic: random seed.") var seed: UInt64 = 1

    @Flag(help: "Replace the database file if it exists (otherwise an existing file is an error).")
    var force = false

    func run() throws {
        let path = try Environment.resolve(databasePath, "DATABASE_PATH", default: "moments.sqlite")
        let files = FileManager.default
        if files.fileExists(atPath: path) {
            guard force else { throw ValidationError("\(path) already exists; pass --force to replace it") }
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
                try files.removeItem(atPath: path + suffix)
            }
        }
        if synthetic {
            guard users > 0, friends >= 0, moments >= 0, likes >= 0 else {
                throw ValidationError("counts must not be negative, and there must be at least one user")
            }
            try SyntheticData.write(to: path, users: users, friends: friends, moments: moments, likes: likes, seed: seed)
            print("wrote synthetic data (\(users) users) to \(path)")
        } else {
            let store = try MomentsStore.open(path: path, readers: 1, seedDemoData: true)
            store.close()
            print("wrote demo data to \(path)")
        }
    }
}
