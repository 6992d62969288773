import Moments

extension InMemoryDatabase {
    /// The seeding time the demo fixture uses by default (Unix seconds).
    package static let demoNow: Int64 = 1_700_000_000

    /// A database holding the demo data of docs/storage.md, seeded at `now` (Unix
    /// seconds), with the same rows and like times as the SQLite store's seed.
    ///
    /// Transcribed from docs/storage.md on its own, not shared with
    /// `MomentsStorage.DemoData`: the storage tests compare the store's seed
    /// against this table, so a slip in either copy fails a test instead of
    /// reaching both.
    package static func demo(now: Int64 = demoNow, clock: (@Sendable () -> Int64)? = nil) -> InMemoryDatabase {
        let database = InMemoryDatabase(clock: clock ?? { let ticks = TickingClock(startMilliseconds: now * 1000, stepMilliseconds: 1000); return { ticks.next() } }())
        let swiftLogo = "https://developer.apple.com/swift/images/swift-og.png"
        let users: [(String, String, String, String?)] = [
            ("0", "Jake Lin", "https://avatars0.githubusercontent.com/u/573856?s=460&v=4",
             "https://cdn.pixabay.com/photo/2015/04/23/22/00/tree-736885_960_720.jpg"),
            ("1", "Taylor Swift", "https://encrypted-tbn0.gstatic.com/images?q=tbn:ANd9GcQlk0dgrwcQ0FiTKdgR3atzstJ_wZC4gtPgOmUYBsLO2aa9ssXs", nil),
            ("2", "Mattt", "https://pbs.twimg.com/profile_images/969321564050112513/fbdJZmEh_400x400.jpg", nil),
            ("3", "Swift Language", swiftLogo, nil),
            ("4", "Swift UI", "https://devimages-cdn.apple.com/wwdc-services/articles/images/6F49D049-3D36-4B68-B8C4-96A20A4AF5E1/2048.jpeg", nil),
            ("100", "Olivia", "https://randomuser.me/api/portraits/women/68.jpg", nil),
            ("101", "Emma", "https://randomuser.me/api/portraits/women/69.jpg", nil),
            ("102", "Ava", "https://randomuser.me/api/portraits/women/70.jpg", nil),
            ("103", "Liam", "https://randomuser.me/api/portraits/men/71.jpg", nil),
            ("104", "Noah", "https://randomuser.me/api/portraits/men/72.jpg", nil),
            ("105", "Mia", "https://randomuser.me/api/portraits/women/73.jpg", nil),
        ]
        for (id, name, avatar, background) in users {
            database.addUser(User(id: id, name: name, avatar: avatar, backgroundImage: background ?? avatar))
        }
        for friend in ["1", "2", "3", "4", "100", "101", "102", "103", "104", "105"] {
            database.addFriendship("0", friend)
        }
        let moments: [(id: String, author: String, type: MomentType, title: String?, url: String?, photos: [String], ago: Int64, likers: [String])] = [
            ("0", "1", .photos, nil, nil,
             ["https://encrypted-tbn0.gstatic.com/images?q=tbn%3AANd9GcRisv-yQgXGrto6OxQxX62JyvyQGvRsQQ760g&usqp=CAU"], 120, ["100", "101", "102"]),
            ("1", "2", .photos, "Low-level programming on iOS", nil,
             ["https://i.pinimg.com/originals/15/27/3e/15273e2fa37cba67b5c539f254b26c21.png"], 25 * 60, ["103", "104", "105"]),
            ("2", "3", .photos, "Swift 5.5 \u{1F389} with Async/Await", nil, ["https://i.morioh.com/210323/d1a235fe.webp"], 86_400, ["0", "104"]),
            ("3", "4", .photos, "Swift UI is awesome!!", nil, [swiftLogo], 2 * 86_400, ["0", "105"]),
            ("4", "0", .url, "The Swift Programming Language", "https://swift.org", [], 3 * 86_400, []),
        ]
        for moment in moments {
            let created = now - moment.ago
            database.addMoment(id: moment.id, authorID: moment.author, type: moment.type, title: moment.title, url: moment.url,
                               photos: moment.photos, createdDate: created)
            for (order, liker) in moment.likers.enumerated() {
                database.addLike(momentID: moment.id, userID: liker, likedAt: created * 1000 + 1000 * Int64(order + 1))
            }
        }
        return database
    }
}
