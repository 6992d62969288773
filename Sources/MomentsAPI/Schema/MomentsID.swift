import GraphQL
import JSON

/// The one rule every id the API is given passes before anything is read or
/// written: the `userID` and `momentID` arguments (literal or variable alike),
/// the moment id inside an `after` cursor, and the bearer token's subject.
///
/// An id holding NUL (U+0000) is refused as `BAD_USER_INPUT`. Why: PostgreSQL's
/// `text` cannot hold NUL, and libpq takes parameters as C strings, so it ends
/// "2\u{0}x" at the NUL and PostgreSQL reads moment "2", while SQLite binds the
/// whole id and finds no such moment. Refusing it here gives one answer on
/// both engines, and nothing is written.
///
/// Ids are otherwise any text, compared byte for byte (`UTF8Key`), with no
/// Unicode normalisation (docs/api.md, "IDs").
enum MomentsID {
    /// Whether `text` may be an id.
    static func isValid(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }

    /// `text`, or `BAD_USER_INPUT` naming `argument` when it may not be an id.
    static func checked(_ text: String, argument: String) throws(GraphQLError) -> String {
        guard isValid(text) else {
            throw GraphQLError("\(argument) must not contain the NUL character (U+0000).", code: .badUserInput)
        }
        return text
    }
}

extension JSONObject {
    /// A non-null `ID` argument, checked by `MomentsID`.
    func requiredID(_ name: String) throws -> String {
        try MomentsID.checked(requiredString(name), argument: "`\(name)`")
    }
}
