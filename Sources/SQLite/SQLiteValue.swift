/// A value SQLite stores: its five storage classes.
package enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(nilLiteral: ()) { self = .null }
    package init(floatLiteral value: Double) { self = .real(value) }
}
