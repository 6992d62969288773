/// The contract's five tables as a copy sees them: parents first (foreign
/// keys), each with its columns in `schema.sql` order and its primary key,
/// the order rows are read in.
enum LayoutTables {
    struct Table: Sendable {
        let name: String
        let columns: [String]
        let key: [String]

        var select: String {
            "SELECT \(columns.joined(separator: ", ")) FROM \(name) ORDER BY \(key.joined(separator: ", "))"
        }
    }

    static let all: [Table] = [
        Table(name: "users", columns: ["id", "name", "avatar", "background_image"], key: ["id"]),
        Table(name: "friendships", columns: ["user_id", "friend_id"], key: ["user_id", "friend_id"]),
        Table(name: "moments", columns: ["id", "user_id", "type", "title", "url", "created_date"], key: ["id"]),
        Table(name: "moment_photos", columns: ["moment_id", "position", "url"], key: ["moment_id", "position"]),
        Table(name: "moment_likes", columns: ["moment_id", "user_id", "liked_at"], key: ["moment_id", "user_id"]),
    ]
}

/// A column value as both engines store ours: NULL, 64-bit integer or text.
package enum RowValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)
}
