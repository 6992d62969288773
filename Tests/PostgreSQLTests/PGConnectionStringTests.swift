import PostgreSQL
import Testing

/// What a printed connection string shows: everything but its passwords,
/// in each form libpq reads.
struct PGConnectionStringTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var text: String
        var redacted: String
    }

    @Test(arguments: [
        // URI user information.
        Case(description: "user:password@", text: "postgresql://moments:s3cret@db:5432/moments", redacted: "postgresql://moments:***@db:5432/moments"),
        Case(description: "postgres:// in capitals", text: "POSTGRES://moments:s3cret@db/moments", redacted: "POSTGRES://moments:***@db/moments"),
        Case(description: "no password", text: "postgresql://moments@db/moments", redacted: "postgresql://moments@db/moments"),
        Case(description: "empty password", text: "postgresql://moments:@db/moments", redacted: "postgresql://moments:@db/moments"),
        Case(description: "percent-encoded password", text: "postgresql://u:p%40ss%2Fw@db/m", redacted: "postgresql://u:***@db/m"),
        Case(description: "raw @ in the password", text: "postgresql://u:p@ss@db/m", redacted: "postgresql://u:***@db/m"),
        Case(description: "raw / in the password", text: "postgresql://u:pa/ss@db/m", redacted: "postgresql://u:***@db/m"),
        Case(description: "no user information", text: "postgresql://db:5432/moments", redacted: "postgresql://db:5432/moments"),
        // URI query parameters.
        Case(description: "password=", text: "postgresql://moments@db/m?password=s3cret", redacted: "postgresql://moments@db/m?password=***"),
        Case(
            description: "password= among others", text: "postgresql://moments@db/m?sslmode=require&password=s3cret&application_name=x",
            redacted: "postgresql://moments@db/m?sslmode=require&password=***&application_name=x"),
        Case(description: "PASSWORD= in capitals", text: "postgresql://db/m?PassWord=s3cret", redacted: "postgresql://db/m?PassWord=***"),
        Case(description: "percent-encoded key", text: "postgresql://db/m?passw%6Frd=s3cret", redacted: "postgresql://db/m?passw%6Frd=***"),
        Case(description: "sslpassword=", text: "postgresql://db/m?sslkey=k.pem&sslpassword=s3cret", redacted: "postgresql://db/m?sslkey=k.pem&sslpassword=***"),
        Case(description: "both in the URI", text: "postgresql://u:one@db/m?password=two", redacted: "postgresql://u:***@db/m?password=***"),
        Case(description: "raw & in the password", text: "postgresql://db/m?password=a&b&port=5432", redacted: "postgresql://db/m?password=***&port=5432"),
        Case(description: "@ in another parameter", text: "postgresql://u:pw@db/m?user=a@b&password=x", redacted: "postgresql://u:***@b&password=***"),
        Case(description: "empty query password", text: "postgresql://db/m?password=", redacted: "postgresql://db/m?password="),
        // Keyword/value.
        Case(description: "password=", text: "host=db password=s3cret dbname=m", redacted: "host=db password=*** dbname=m"),
        Case(description: "password= last", text: "host=db dbname=m password=s3cret", redacted: "host=db dbname=m password=***"),
        Case(description: "quoted", text: "host=db password='a quoted secret' dbname=m", redacted: "host=db password=*** dbname=m"),
        Case(description: "quoted with escapes", text: #"password='it\'s a \\ secret' host=db"#, redacted: "password=*** host=db"),
        Case(description: "spaces around =", text: "host=db password = s3cret dbname=m", redacted: "host=db password = *** dbname=m"),
        Case(description: "unquoted with a space", text: "host=db password=my secret dbname=m", redacted: "host=db password=*** dbname=m"),
        Case(description: "unterminated quote", text: "host=db password='never closed dbname=m", redacted: "host=db password=***"),
        Case(description: "sslpassword=", text: "sslkey=k.pem sslpassword=s3cret", redacted: "sslkey=k.pem sslpassword=***"),
        Case(description: "PASSWORD= in capitals", text: "host=db PASSWORD=s3cret", redacted: "host=db PASSWORD=***"),
        Case(description: "tabs", text: "host=db\tpassword=s3cret\tdbname=m", redacted: "host=db\tpassword=***\tdbname=m"),
        Case(description: "a URI as a value", text: "dbname=postgresql://u:s3cret@db/m host=x", redacted: "dbname=postgresql://u:***@db/m host=x"),
        Case(description: "a quoted URI as a value", text: "dbname='postgresql://u:s3cret@db/m'", redacted: "dbname='postgresql://u:***@db/m'"),
        Case(description: "no password", text: "host=db port=5432 dbname=m", redacted: "host=db port=5432 dbname=m"),
    ])
    func redactsEveryPassword(_ testCase: Case) {
        #expect(PGConnectionString(testCase.text).redacted == testCase.redacted)
    }

    /// libpq's own messages about a string it cannot read quote the piece
    /// it stopped at (seen with psql 15 and 16).
    @Test(arguments: [
        ("postgresql://u:pa%zzss@db/m", #"invalid percent-encoded token: "pa%zzss""#, #"invalid percent-encoded token: "***""#),
        ("host=db password=my secret", #"missing "=" after "secret" in connection info string"#, #"missing "=" after "***" in connection info string"#),
        ("postgresql://u:pa/ss@db:1/m", #"invalid integer value "pa" for connection option "port""#, #"invalid integer value "***" for connection option "port""#),
        ("postgresql://u:p@ss@db/m", #"could not translate host name "ss@db" to address"#, #"could not translate host name "***" to address"#),
        ("postgresql://db/m?password=a&b", #"missing key/value separator "=" in URI query parameter: "b""#,
         #"missing key/value separator "=" in URI query parameter: "***""#),
        ("postgresql://u:p%C3%A9rdu@db/m", "the password pérdu appears unquoted", "the password *** appears unquoted"),
        ("postgresql://u:s3cret@db:1/m", #"connection to server at "db" (10.0.0.1), port 1 failed: Connection refused"#,
         #"connection to server at "db" (10.0.0.1), port 1 failed: Connection refused"#),
    ])
    func scrubsPasswordsFromLibPQMessages(_ text: String, _ message: String, _ scrubbed: String) {
        #expect(PGConnectionString(text).scrub(message) == scrubbed)
    }

    @Test(arguments: [
        ("host=db dbname=m", true),
        ("  dbname = moments", true),
        ("password=x", true),
        ("moments.sqlite", false),
        ("a=b.sqlite", false),
        ("/var/lib/host=db", false),
        ("host", false),
        ("", false),
    ])
    func recognisesKeywordValueStrings(_ text: String, _ isKeywordValue: Bool) {
        #expect(PGConnectionString.isKeywordValue(text) == isKeywordValue)
    }
}
