import Caching
import Locking
import Moments

/// One `User` and one `Moment` instance per id, for `ReadCache`: a moment
/// appears in the timeline of its author and of every friend, a user in
/// every liker list, and each SQLite read makes new instances. Stored
/// timelines and liker lists take the instances already here, so the cache
/// holds each profile, title and photo list once rather than once per
/// timeline that shows it.
///
/// Users and moments never change through the API; `ReadCache.clear()`
/// replaces this table with the rest of the cache when another program
/// changes the file. Bounded like the cache: evicting an entry only stops
/// sharing it with later reads.
///
/// Keyed by `UTF8Key`, as the stores tell ids apart: a user is never
/// replaced by another whose id is only canonically equivalent.
///
/// Not thread-safe: `ReadCache` keeps it under its lock.
struct Interned {
    private var users: ClockCache<UTF8Key, User>
    private var moments: ClockCache<UTF8Key, Moment>

    init(userCapacity: Int, momentCapacity: Int) {
        users = ClockCache(capacity: max(1, userCapacity))
        moments = ClockCache(capacity: max(1, momentCapacity))
    }

    /// The instance for `user.id`, `user` itself the first time.
    mutating func user(_ user: User) -> User {
        let key = UTF8Key(user.id)
        if let known = users.value(for: key), Self.showsTheSame(known, user) { return known }
        users.setValue(user, for: key)
        return user
    }

    /// The instance for `moment.id`, or `moment` with its author shared.
    mutating func moment(_ moment: Moment) -> Moment {
        if let known = moments.value(for: UTF8Key(moment.id)), Self.showsTheSame(known, moment) { return known }
        let author = user(moment.author)
        let shared = author === moment.author ? moment : Moment(
            id: moment.id, author: author, type: moment.type, title: moment.title, url: moment.url,
            photos: moment.photos, createdDate: moment.createdDate)
        moments.setValue(shared, for: UTF8Key(shared.id))
        return shared
    }

    /// Whether a fresh read still shows what the kept instance shows, to
    /// notice another program's edits. The id is the key's bytes already;
    /// the rest is compared as text (`String ==`, several times cheaper than
    /// bytes on every read of a timeline), so only an edit that changes
    /// nothing but a field's Unicode normalisation waits for the entry's
    /// eviction or the next `ReadCache.clear()`.
    private static func showsTheSame(_ known: User, _ read: User) -> Bool {
        known === read || (known.name == read.name && known.avatar == read.avatar
            && known.backgroundImage == read.backgroundImage)
    }

    private static func showsTheSame(_ known: Moment, _ read: Moment) -> Bool {
        known === read || (UTF8Key(known.author.id) == UTF8Key(read.author.id) && showsTheSame(known.author, read.author)
            && known.type == read.type && known.title == read.title && known.url == read.url
            && known.photos == read.photos && known.createdDate == read.createdDate)
    }

    mutating func timeline(_ timeline: Timeline) -> Timeline {
        Timeline(user: user(timeline.user), moments: timeline.moments.map { moment($0) }, hasNextPage: timeline.hasNextPage)
    }
}
