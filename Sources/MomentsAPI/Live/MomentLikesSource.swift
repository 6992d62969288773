/// `momentLikesChanged`'s source event stream (spec §6.2.3.1, the field's
/// `subscribe` resolver): the likes of the moments `viewerID` sees, which
/// `LiveLikes` follows; each becomes a `MomentLikesEvent`.
struct MomentLikesSource: Sendable {
    let viewerID: String
}
