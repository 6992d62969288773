import Locking
import SQLite

/// The rows of `SyntheticData`, drawn from a seeded SplitMix64 generator.
struct SyntheticGenerator {
    let users: Int
    let friends: Int
    let moments: Int
    let likes: Int
    /// Likes of moment "0" (by users "0", "1", ... in that order), instead of its sampled ones.
    let hotMomentLikes: Int
    let now: Int64
    private var random: SplitMix64

    init(users: Int, friends: Int, moments: Int, likes: Int, hotMomentLikes: Int = 0, seed: UInt64, now: Int64) {
        self.users = users
        self.friends = friends
        self.moments = moments
        self.likes = likes
        self.hotMomentLikes = hotMomentLikes
        self.now = now
        self.random = SplitMix64(seed: seed)
    }

    mutating func insert(into connection: Connection) throws {
        for user in 0..<users {
            let id = String(user)
            try connection.execute(Rows.insertUser, [
                .text(id), .text("User \(id)"),
                .text("https://example.com/avatars/\(id).jpg"), .text("https://example.com/backgrounds/\(id).jpg"),
            ])
        }
        let friendsOf = makeFriendships()
        for (user, list) in friendsOf.enumerated() {
            for friend in list {
                try connection.execute(Rows.insertFriendship, [.text(String(user)), .text(String(friend))])
            }
        }
        var momentID = 0
        for user in 0..<users {
            for _ in 0..<moments {
                let id = String(momentID)
                momentID += 1
                let created = now - Int64(random.next(below: 30 * 86_400))
                if random.next(below: 5) == 0 {
                    try connection.execute(Rows.insertMoment, [
                        .text(id), .text(String(user)), "URL", .text("Link \(id)"), .text("https://example.com/links/\(id)"), .integer(created),
                    ])
                } else {
                    let title: SQLiteValue = random.next(below: 5) < 4 ? .text("Moment \(id)") : .null
                    try connection.execute(Rows.insertMoment, [.text(id), .text(String(user)), "PHOTOS", title, .null, .integer(created)])
                    for position in 0..<(1 + random.next(below: 3)) {
                        try connection.execute(Rows.insertPhoto, [
                            .text(id), .integer(Int64(position)), .text("https://example.com/photos/\(id)/\(position).jpg"),
                        ])
                    }
                }
                // Drawn for the hot moment too, so the other rows do not depend on it.
                let likers = sample(friendsOf[user], count: likes)
                if id == "0", hotMomentLikes > 0 {
                    // A millisecond apart: 100,000 likes within two minutes of the post.
                    for liker in 0..<hotMomentLikes {
                        try connection.execute(Rows.insertLike, [.text(id), .text(String(liker)), .integer(created * 1000 + Int64(liker + 1))])
                    }
                    continue
                }
                for (order, liker) in likers.enumerated() {
                    try connection.execute(Rows.insertLike, [
                        .text(id), .text(String(liker)), .integer(created * 1000 + 1000 * Int64(order + 1)),
                    ])
                }
            }
        }
    }

    /// A ring (each user with the next friends/2 users, both ways) plus, for
    /// an odd count, one random chord per user. Sorted, without duplicates.
    private mutating func makeFriendships() -> [[Int]] {
        var sets = [Set<Int>](repeating: [], count: users)
        guard users > 1 else { return sets.map { $0.sorted() } }
        for user in 0..<users {
            for step in stride(from: 1, through: friends / 2, by: 1) {
                let other = (user + step) % users
                if other != user {
                    sets[user].insert(other)
                    sets[other].insert(user)
                }
            }
        }
        if friends % 2 == 1 {
            for user in 0..<users {
                let other = random.next(below: users)
                if other != user {
                    sets[user].insert(other)
                    sets[other].insert(user)
                }
            }
        }
        return sets.map { $0.sorted() }
    }

    /// `count` distinct elements of `pool` (all of them when it is smaller), partial Fisher-Yates.
    private mutating func sample(_ pool: [Int], count: Int) -> [Int] {
        var pool = pool
        let count = min(count, pool.count)
        for index in 0..<count {
            pool.swapAt(index, index + random.next(below: pool.count - index))
        }
        return Array(pool.prefix(count))
    }
}
