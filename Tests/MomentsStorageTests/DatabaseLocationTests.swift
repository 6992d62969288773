import MomentsStorage
import Testing

/// The database option: a libpq URI is PostgreSQL, anything else a SQLite path.
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
}
