/// `schema.sql` read as statements, for what needs them one by one: the
/// PostgreSQL translation and the migrations of older layouts.
enum SchemaScript {
    /// The statements of `sql`, comments dropped, without their final `;`.
    /// A `CREATE TRIGGER` is one statement with the `;`s of its body.
    static func statements(_ sql: String) -> [String] {
        let withoutComments = sql.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.firstRange(of: "--").map { line[..<$0.lowerBound] } ?? line[...] }
            .joined(separator: "\n")
        var statements: [String] = []
        var pending = ""
        for piece in withoutComments.split(separator: ";", omittingEmptySubsequences: false) {
            pending += pending.isEmpty ? String(piece) : ";" + piece
            let statement = trimmed(pending)
            // A trigger's body ends with END; until then its `;`s are inside it.
            if statement.hasPrefix("CREATE TRIGGER"), !statement.hasSuffix("END") { continue }
            if !statement.isEmpty { statements.append(statement) }
            pending = ""
        }
        return statements
    }

    /// The name of the table, index or trigger a `CREATE` statement makes.
    static func createdName(_ statement: String) -> String? {
        statement.firstMatch(of: /^CREATE\s+(?:TABLE|INDEX|TRIGGER)\s+(\w+)/).map { String($0.1) }
    }

    /// The statements of `schema.sql` that create `names`, in its order.
    static func creating(_ names: Set<String>) -> [String] {
        statements(SchemaSQL.text).filter { createdName($0).map(names.contains) ?? false }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
