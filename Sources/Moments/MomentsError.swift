import Locking

/// The domain's errors: the cases a client can cause. Everything else
/// (storage failures) passes through untouched and is an internal error.
package enum MomentsError: Error, Sendable, Hashable {
    /// No user has this id.
    case userNotFound(id: String)
    /// No moment has this id, or the user may not see it.
    case momentNotFound(id: String)
    /// A page size (`first`) below 0 or over the maximum (`PageSize`).
    case pageSizeOutOfRange(requested: Int, maximum: Int)

    // Ids byte for byte (`UTF8Key`): an error about one id is not equal to one about its look-alike.
    package static func == (lhs: MomentsError, rhs: MomentsError) -> Bool {
        switch (lhs, rhs) {
        case (.userNotFound(let lhs), .userNotFound(let rhs)), (.momentNotFound(let lhs), .momentNotFound(let rhs)):
            UTF8Key(lhs) == UTF8Key(rhs)
        case (.pageSizeOutOfRange(let lhsRequested, let lhsMaximum), .pageSizeOutOfRange(let rhsRequested, let rhsMaximum)):
            lhsRequested == rhsRequested && lhsMaximum == rhsMaximum
        default:
            false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .userNotFound(let id):
            hasher.combine(0)
            hasher.combine(UTF8Key(id))
        case .momentNotFound(let id):
            hasher.combine(1)
            hasher.combine(UTF8Key(id))
        case .pageSizeOutOfRange(let requested, let maximum):
            hasher.combine(2)
            hasher.combine(requested)
            hasher.combine(maximum)
        }
    }
}
