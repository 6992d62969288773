import SQLite

/// The demo data (docs/storage.md, "Demo data"), with times relative to the
/// moment of seeding (the same rows and like times as the reference peers'
/// make_db.py).
/// `InMemoryDatabase.demo` (Tests/MomentsFakes) is a second, independent
/// transcription on purpose: DemoStoreTests checks this seed against it.
enum DemoData {
    private static let swiftLogo = "https://developer.apple.com/swift/images/swift-og.png"

    /// (id, name, avatar, background image or nil for "same as avatar").
    static let users: [(String, String, String, String?)] = [
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

    /// Friendships, each stored in both directions.
    static let friendships: [(String, String)] =
        ["1", "2", "3", "4"].map { ("0", $0) } + ["100", "101", "102", "103", "104", "105"].map { ($0, "0") }

    struct DemoMoment {
        let id, author: String
        let type: String
        let title, url: String?
        let photos: [String]
        let secondsAgo: Int64
        let likers: [String]
    }

    static let moments: [DemoMoment] = [
        DemoMoment(id: "0", author: "1", type: "PHOTOS", title: nil, url: nil,
                   photos: ["https://encrypted-tbn0.gstatic.com/images?q=tbn%3AANd9GcRisv-yQgXGrto6OxQxX62JyvyQGvRsQQ760g&usqp=CAU"],
                   secondsAgo: 120, likers: ["100", "101", "102"]),
        DemoMoment(id: "1", author: "2", type: "PHOTOS", title: "Low-level programming on iOS", url: nil,
                   photos: ["https://i.pinimg.com/originals/15/27/3e/15273e2fa37cba67b5c539f254b26c21.png"],
                   secondsAgo: 25 * 60, likers: ["103", "104", "105"]),
        DemoMoment(id: "2", author: "3", type: "PHOTOS", title: "Swift 5.5 \u{1F389} with Async/Await", url: nil,
                   photos: ["https://i.morioh.com/210323/d1a235fe.webp"],
                   secondsAgo: 86_400, likers: ["0", "104"]),
        DemoMoment(id: "3", author: "4", type: "PHOTOS", title: "Swift UI is awesome!!", url: nil,
                   photos: [swiftLogo], secondsAgo: 2 * 86_400, likers: ["0", "105"]),
        DemoMoment(id: "4", author: "0", type: "URL", title: "The Swift Programming Language", url: "https://swift.org",
                   photos: [], secondsAgo: 3 * 86_400, likers: []),
    ]

    /// Inserts the demo rows; `now` is the seeding time in Unix seconds.
    static func insert(into connection: Connection, now: Int64) throws {
        for (id, name, avatar, background) in users {
            try connection.execute(Rows.insertUser, [.text(id), .text(name), .text(avatar), .text(background ?? avatar)])
        }
        for (a, b) in friendships {
            try connection.execute(Rows.insertFriendship, [.text(a), .text(b)])
            try connection.execute(Rows.insertFriendship, [.text(b), .text(a)])
        }
        for moment in moments {
            let created = now - moment.secondsAgo
            try connection.execute(Rows.insertMoment, [
                .text(moment.id), .text(moment.author), .text(moment.type),
                moment.title.map(SQLiteValue.text) ?? .null, moment.url.map(SQLiteValue.text) ?? .null, .integer(created),
            ])
            for (position, photo) in moment.photos.enumerated() {
                try connection.execute(Rows.insertPhoto, [.text(moment.id), .integer(Int64(position)), .text(photo)])
            }
            for (order, liker) in moment.likers.enumerated() {
                // make_db.py: liked_at = created * 1000 + 1000 * (k + 1)
                let likedAt = created * 1000 + 1000 * Int64(order + 1)
                try connection.execute(Rows.insertLike, [.text(moment.id), .text(liker), .integer(likedAt)])
            }
        }
    }
}

/// INSERT statements shared by the demo and synthetic seeders.
enum Rows {
    static let insertUser = "INSERT INTO users (id, name, avatar, background_image) VALUES (?1, ?2, ?3, ?4)"
    static let insertFriendship = "INSERT OR IGNORE INTO friendships (user_id, friend_id) VALUES (?1, ?2)"
    static let insertMoment = "INSERT INTO moments (id, user_id, type, title, url, created_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
    static let insertPhoto = "INSERT INTO moment_photos (moment_id, position, url) VALUES (?1, ?2, ?3)"
    static let insertLike = "INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES (?1, ?2, ?3)"
}
