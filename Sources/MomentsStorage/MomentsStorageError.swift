/// Why a database file cannot be served. SQLite's own failures are `SQLiteError`.
package enum MomentsStorageError: Error, Sendable, Hashable {
    /// The file's `user_version` is newer than this binary's layout.
    case unsupportedSchemaVersion(found: Int64, supported: Int64)
    /// The file has tables, but not all five of docs/storage.md, "Layout".
    case missingTables([String])
    /// A row breaks the layout's rules (e.g. an unknown moment type in a
    /// file written by another program without the CHECK constraint).
    case invalidRow(table: String, id: String)
}
