/// A parameter or column value. Sent and read in PostgreSQL's text format:
/// the server casts it to the parameter's inferred type, and our columns are
/// only TEXT and BIGINT, whose text forms are exact.
package enum PGValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)

    /// The text format, or nil for SQL NULL.
    var textFormat: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .text(let value): value
        }
    }
}
