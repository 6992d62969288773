/// The domain's errors: the cases a client can cause. Everything else
/// (storage failures) passes through untouched and is an internal error.
package enum MomentsError: Error, Sendable, Hashable {
    /// No user has this id.
    case userNotFound(id: String)
    /// No moment has this id, or the user may not see it.
    case momentNotFound(id: String)
    /// A page size (`first`) below 0 or over the maximum (`PageSize`).
    case pageSizeOutOfRange(requested: Int, maximum: Int)
}
