import GraphQL
import Moments

/// `PageInfo.endCursor` as clients see it: opaque, base64url (no padding) of
/// `<createdDate>:<momentID>`, the sort key of a page's last moment. A
/// cursor stays valid as new moments are posted (they sort before it) and
/// means the same to every server of the deployment. Clients must not build
/// one: anything not made by `encode` is `BAD_USER_INPUT`.
enum PageCursor {
    /// Longer cursors are refused before decoding (ids are short).
    static let maxLength = 1_024

    static func encode(_ cursor: TimelineCursor) -> String {
        Base64URL.encode(Array("\(cursor.createdDate):\(cursor.momentID)".utf8))
    }

    static func decode(_ text: String) throws(GraphQLError) -> TimelineCursor {
        guard text.utf8.count <= maxLength, let bytes = Base64URL.decode(text.utf8),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              let createdDate = canonicalInteger(bytes[..<colon]),
              let momentID = String(validating: bytes[(colon + 1)...], as: UTF8.self),
              // `encode` never writes a NUL: its ids come from the stores, through `MomentsID`'s rule.
              MomentsID.isValid(momentID)
        else {
            throw GraphQLError(
                "Invalid cursor \"\(text.prefix(64))\": pass a pageInfo.endCursor from an earlier answer.", code: .badUserInput)
        }
        return TimelineCursor(createdDate: createdDate, momentID: momentID)
    }

    /// An Int64 as `encode` writes it: optional `-`, digits, no leading zero
    /// (so that each cursor has one spelling).
    private static func canonicalInteger(_ bytes: ArraySlice<UInt8>) -> Int64? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Int64(text), String(value) == text else { return nil }
        return value
    }
}
