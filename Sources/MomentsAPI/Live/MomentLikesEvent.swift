import Moments

/// The root value of one `momentLikesChanged` event: the moment whose likes
/// changed, as one viewer's timeline holds it (a page of that one moment, so
/// its like fields read the viewer's like data as a timeline's do).
final class MomentLikesEvent {
    let viewerID: String
    let moment: Moment
    /// `moment` alone, with the viewer's profile: the event's page.
    let timeline: Timeline

    init(viewerID: String, moment: Moment, user: User) {
        self.viewerID = viewerID
        self.moment = moment
        self.timeline = Timeline(user: user, moments: [moment])
    }
}
