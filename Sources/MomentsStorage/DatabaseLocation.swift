import PostgreSQL

/// Where the data lives, from the database option: a libpq connection
/// string is PostgreSQL, either a URI (`postgres://...` or
/// `postgresql://...`) or keyword/value (`host=db dbname=moments`, opening
/// with one of libpq's keywords); anything else is a SQLite file path,
/// unless it holds `://` or `password`.
///
/// The text is read without surrounding whitespace and without one pair of
/// matching quotes around it (what a stray space or an env file's quoting
/// leaves: `DATABASE_URL="postgres://..."`), so such a value is still the
/// connection string it was meant to be, and its password stays hidden.
package enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    /// Any libpq connection string, passed to libpq as it is (its `dbname` expands either form).
    case postgreSQL(uri: String)
    /// A value that holds `://` or `password` but is neither form libpq
    /// reads (`mysql://...`, `postgress://...`): a connection string
    /// mistyped, never taken for a file name, refused, and printed without
    /// anything after its scheme (`description`).
    case unrecognized(text: String)

    package init(_ raw: String) {
        let text = Self.unwrapped(raw)
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") || PGConnectionString.isKeywordValue(text) {
            self = .postgreSQL(uri: text)
        } else if lowered.contains("://") || lowered.contains("password") {
            self = .unrecognized(text: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// `raw` without surrounding whitespace, then without one pair of
    /// matching `"` or `'` around the rest (and the whitespace inside them).
    static func unwrapped(_ raw: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var text = Substring(raw)
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            text = text.dropFirst().dropLast()
            while let first = text.first, isSpace(first) { text = text.dropFirst() }
            while let last = text.last, isSpace(last) { text = text.dropLast() }
        }
        return String(text)
    }

    /// Why `.unrecognized` is refused, naming it only as `description` does.
    package struct Unrecognized: Error, CustomStringConvertible {
        package let shown: String
        package init(shown: String) { self.shown = shown }
        package var description: String {
            "\(shown) is neither a PostgreSQL connection string (postgres://, postgresql:// or libpq's keyword=value form) nor a SQLite file path (a path may not hold :// or password)"
        }
    }

    /// Where files that go with the database live (`PATH-toggles.json`):
    /// the file's own path, or `moments` in the working directory for a
    /// PostgreSQL database (a URI is no file name).
    package var localFileStem: String {
        switch self {
        case .sqlite(let path): path
        case .postgreSQL, .unrecognized: "moments"
        }
    }

    /// For logs, error messages and pages: a connection string without its
    /// passwords (`PGConnectionString` says which parts those are).
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgreSQL(let uri): PGConnectionString(uri).redacted
        case .unrecognized(let text):
            // Only the scheme: where the rest is not a form we know, neither is where its secrets are.
            if let scheme = text.firstRange(of: "://") { "\(text[..<scheme.lowerBound])://***" } else { "***" }
        }
    }
}
