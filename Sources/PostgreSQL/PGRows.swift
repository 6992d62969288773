import CPostgreSQL

/// The rows of one result (`PGresult`), cleared in `deinit`. Rows and columns
/// are numbered from 0, as libpq numbers them; values are in text format.
package final class PGRows {
    private let result: OpaquePointer
    private let sql: String
    package let count: Int
    package let columnCount: Int

    init(result: OpaquePointer, sql: String) {
        self.result = result
        self.sql = sql
        count = Int(cpq_PQntuples(result))
        columnCount = Int(cpq_PQnfields(result))
    }

    deinit {
        cpq_PQclear(result)
    }

    package func isNull(_ row: Int, _ column: Int) -> Bool {
        cpq_PQgetisnull(result, Int32(row), Int32(column)) != 0
    }

    /// The value's text; "" for NULL (check `isNull` where NULL is allowed).
    package func text(_ row: Int, _ column: Int) -> String {
        String(cString: cpq_PQgetvalue(result, Int32(row), Int32(column)))
    }

    package func optionalText(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : text(row, column)
    }

    /// A BIGINT (or INTEGER) column; throws on anything else rather than guess.
    package func int64(_ row: Int, _ column: Int) throws(PGError) -> Int64 {
        guard let value = Int64(text(row, column)) else {
            throw PGError(sqlState: "22P02", message: "column \(column) is not an integer: \(text(row, column))", call: "PQgetvalue", sql: sql)
        }
        return value
    }

    /// A boolean column (`t` / `f`).
    package func bool(_ row: Int, _ column: Int) -> Bool {
        text(row, column) == "t"
    }

    /// Row `row` as values; integer columns (`int2`/`int4`/`int8`) become `.integer`.
    package func values(_ row: Int) throws(PGError) -> [PGValue] {
        var values: [PGValue] = []
        values.reserveCapacity(columnCount)
        for column in 0..<columnCount {
            if isNull(row, column) {
                values.append(.null)
            } else if Self.integerTypes.contains(cpq_PQftype(result, Int32(column))) {
                values.append(.integer(try int64(row, column)))
            } else {
                values.append(.text(text(row, column)))
            }
        }
        return values
    }

    /// pg_type OIDs of int8, int2, int4.
    private static let integerTypes: Set<Oid> = [20, 21, 23]
}

@available(*, unavailable)
extension PGRows: Sendable {}
