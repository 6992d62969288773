import MomentsStorage
import Testing

/// The database option: a libpq URI is PostgreSQL, a mistyped one is refused, anything else a SQLite path.
struct DatabaseLocationTests {
    @Test(arguments: [
        ("moments.sqlite", DatabaseLocation.sqlite(path: "moments.sqlite")),
        ("/var/lib/moments/db.sqlite", .sqlite(path: "/var/lib/moments/db.sqlite")),
        ("postgres://u@h/db", .postgreSQL(uri: "postgres://u@h/db")),
        ("POSTGRESQL://u@h:5432/db", .postgreSQL(uri: "POSTGRESQL://u@h:5432/db")),
        ("postgres.sqlite", .sqlite(path: "postgres.sqlite")),
        // libpq's keyword/value form opens with one of its keywords.
        ("host=db dbname=moments", .postgreSQL(uri: "host=db dbname=moments")),
        ("a=b.sqlite", .sqlite(path: "a=b.sqlite")),
    ])
    func theSchemeChoosesTheEngine(_ text: String, _ expected: DatabaseLocation) {
        #expect(DatabaseLocation(text) == expected)
    }

    @Test func descriptionsNeverShowAPassword() {
        #expect(DatabaseLocation("postgresql://moments:s3cret@db:5432/moments").description == "postgresql://moments:***@db:5432/moments")
        #expect(DatabaseLocation("postgresql://moments@db/moments").description == "postgresql://moments@db/moments")
        #expect(DatabaseLocation("moments.sqlite").description == "moments.sqlite")
        #expect(DatabaseLocation("postgresql://moments:s3cret@db/moments").localFileStem == "moments")
        #expect(DatabaseLocation("postgresql://moments@db/moments?Password=s3cret").description == "postgresql://moments@db/moments?Password=***")
        #expect(DatabaseLocation("host=db password='s3 cret' dbname=moments").description == "host=db password=*** dbname=moments")
    }

    /// What a stray space or an env file's quotes leave around the value: read
    /// without them, so a connection string stays one (and its password hidden).
    @Test(arguments: ["postgres://u:pw@host/db", "host=db password=pw", "moments.sqlite"])
    func surroundingSpaceAndQuotesAreIgnored(_ text: String) {
        for wrapped in [" \(text)", "\(text) \n", "\"\(text)\"", "'\(text)'", " \" \(text)\t\" ", "\t\(text) "] {
            #expect(DatabaseLocation(wrapped) == DatabaseLocation(text), "\(wrapped.debugDescription)")
        }
        // Quotes that do not match are part of the value.
        #expect(DatabaseLocation("\"\(text)'") != DatabaseLocation(text))
    }

    /// Anything holding `://` or `password` is a connection string mistyped,
    /// never a file name: refused, and shown without what follows its scheme.
    @Test(arguments: [
        ("mysql://u:s3cret@host/db", "mysql://***"),
        ("postgress://u:s3cret@host/db", "postgress://***"),
        ("\"jdbc:postgresql://host/db?password=s3cret\"", "jdbc:postgresql://***"),
        ("Password: s3cret", "***"),
        ("/data/password-s3cret.sqlite", "***"),
    ])
    func mistypedConnectionStringsAreRefusedRedacted(_ text: String, _ shown: String) {
        let location = DatabaseLocation(text)
        guard case .unrecognized = location else {
            Issue.record("\(text) was read as \(location)")
            return
        }
        #expect(location.description == shown)
        #expect(!location.description.contains("s3cret"))
        #expect(throws: DatabaseLocation.Unrecognized.self) {
            try MomentsStore.open(database: location, options: MomentsStore.Options())
        }
    }
}
