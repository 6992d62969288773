import Crypto
import HTTP1
import JSON
import Locking

/// `extensions.persistedQuery` of a request, Apollo's Automatic Persisted
/// Queries protocol: `{"version": 1, "sha256Hash": "<64 lowercase hex>"}`.
struct PersistedQueryExtension: Equatable {
    /// nil when the extension is not `{"version": 1, "sha256Hash": "..."}`:
    /// refused by `checked()`, after the check that APQ is on, in Apollo
    /// Server 4's order (requestPipeline.ts).
    private var hash: String?
    private var isVersionOne: Bool

    /// The extension in a request's `extensions` object; nil when absent or null.
    init?(extensions: JSONObject) {
        switch extensions["persistedQuery"] {
        case nil, .null?:
            return nil
        case .object(let object)?:
            switch object["version"] {
            case .int(1)?, .double(1)?: isVersionOne = true  // JSON has one number type, as JavaScript's `!== 1` sees it
            default: isVersionOne = false
            }
            if case .string(let hash)? = object["sha256Hash"] { self.hash = hash }
        default:
            isVersionOne = false
        }
    }

    static func == (lhs: PersistedQueryExtension, rhs: PersistedQueryExtension) -> Bool {
        lhs.isVersionOne == rhs.isVersionOne && UTF8Key.same(lhs.hash, rhs.hash)
    }

    /// The hash of a well-formed version-1 extension. Only version 1 exists:
    /// anything else is Apollo Server 4's `400` "Unsupported persisted query version".
    func checked() throws(RequestRefusal) -> String {
        guard isVersionOne else { throw Self.unsupportedVersion }
        guard let hash else {
            throw RequestRefusal(.badRequest, "'extensions.persistedQuery.sha256Hash' must be a string.", code: .badRequest)
        }
        return hash
    }

    /// Apollo Server 4 gives this error no code (so its formatter adds
    /// INTERNAL_SERVER_ERROR); ours says what it is: the client's request.
    static let unsupportedVersion = RequestRefusal(
        .badRequest, "Unsupported persisted query version", code: .badRequest)

    /// Apollo Server 4, requestPipeline.ts: "The provided hash must exactly
    /// match the SHA-256 hash of the query string. This prevents hash
    /// hijacking". Same message and status; code as for `unsupportedVersion`.
    static let hashMismatch = RequestRefusal(.badRequest, "provided sha does not match query", code: .badRequest)

    /// Apollo Server 4, internalErrorClasses.ts: persisted query errors are
    /// `200` (so no error handling masks them) and never cached ("hopefully
    /// we're about to fill in the APQ cache and the same request will succeed
    /// next time").
    static let uncachedHeaders: HTTPHeaders = ["Cache-Control": "private, no-cache, must-revalidate"]

    static let notFound = RequestRefusal(
        .ok, "PersistedQueryNotFound", code: .persistedQueryNotFound, headers: uncachedHeaders)
    static let notSupported = RequestRefusal(
        .ok, "PersistedQueryNotSupported", code: .persistedQueryNotSupported, headers: uncachedHeaders)
}

/// The SHA-256 of a document's UTF-8 bytes as 64 lowercase hex digits: the
/// APQ hash and the trusted-documents manifest id.
package func sha256Hex(_ text: String) -> String {
    let digest = SHA256.hash(data: Array(text.utf8))
    let hex = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(2 * SHA256.byteCount)
    for byte in digest {
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: bytes, as: UTF8.self)
}
