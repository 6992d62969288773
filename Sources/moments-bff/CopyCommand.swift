import ArgumentParser
import MomentsStorage

/// `moments-bff copy --from SOURCE --to TARGET`: a whole database between
/// SQLite and PostgreSQL, either way, in one target transaction.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every row from one database to another (SQLite file or PostgreSQL connection string, either direction).",
        discussion: "The target must be empty: with no tables it gets schema.sql first; a target holding any row is refused."
    )

    @Option(help: "Database to read: a SQLite file or a PostgreSQL connection string (postgres://... or libpq's host=... form).")
    var from: String

    @Option(help: "Database to write: a SQLite file (created) or a PostgreSQL connection string (postgres://... or libpq's host=... form).")
    var to: String

    func run() throws {
        let source = DatabaseLocation(from)
        let target = DatabaseLocation(to)
        let counts = try DatabaseCopy.copy(from: source, to: target)
        let summary = ["users", "friendships", "moments", "moment_photos", "moment_likes"]
            .map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
        print("copied \(summary) from \(source) to \(target)")
    }
}
