@testable import Locking
@testable import Moments
@testable import MomentsFakes

/// Repositories that answer from a snapshot taken once, so the benchmark
/// measures the engine and the resolvers, not the fake database's locking.
final class FrozenRepositories: UserRepository, MomentRepository, LikeRepository {
    private let user: User?
    private let frozenTimeline: Timeline?
    private let frozenLikes: [UTF8Key: MomentLikes]

    init(database: InMemoryDatabase, userID: String) {
        let service = database.timelineService()
        let timeline = try? service.timeline(userID: userID)
        frozenTimeline = timeline
        user = timeline?.user
        frozenLikes = (try? service.likes(momentIDs: timeline?.moments.map(\.id) ?? [], viewerID: userID)) ?? [:]
    }

    func user(id: String) throws -> User? { user?.id == id ? user : nil }
    func timeline(userID: String, page: PageRequest) throws -> Timeline? { frozenTimeline?.user.id == userID ? frozenTimeline : nil }
    func timelineMoments(userID: String) throws -> [Moment] { frozenTimeline?.moments ?? [] }
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool { true }
    func likes(momentIDs: [String], viewerID: String, likers: Int) throws -> [UTF8Key: MomentLikes] { frozenLikes }
    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> { [] }
    func setLike(momentID: String, userID: String, isLiked: Bool) throws {}
}

/// User "0" with ten friends, `moments` moments among them, each liked by
/// `likersPerMoment` users, the viewer among some.
func syntheticDatabase(moments: Int, likersPerMoment: Int) -> InMemoryDatabase {
    let database = InMemoryDatabase(clock: { 1_700_000_000_000 })
    let userCount = 11
    for index in 0..<userCount {
        database.addUser(User(
            id: "\(index)", name: "User \(index) \"quoted\"",
            avatar: "https://example.com/avatars/\(index).jpg",
            backgroundImage: "https://example.com/backgrounds/\(index).jpg"))
        if index > 0 { database.addFriendship("0", "\(index)") }
    }
    for index in 0..<moments {
        let isURL = index % 3 == 0
        database.addMoment(
            id: "m\(index)", authorID: "\(index % userCount)", type: isURL ? .url : .photos,
            title: index % 4 == 0 ? nil : "Moment number \(index) \u{1F389}",
            url: isURL ? "https://example.com/\(index)" : nil,
            photos: isURL ? [] : ["https://example.com/photos/\(index)/a.jpg", "https://example.com/photos/\(index)/b.jpg"],
            createdDate: 1_700_000_000 - Int64(index) * 600)
        for liker in 0..<likersPerMoment {
            database.addLike(
                momentID: "m\(index)", userID: "\((index + liker) % userCount)",
                likedAt: 1_700_000_000_000 + Int64(liker) * 1000)
        }
    }
    return database
}
