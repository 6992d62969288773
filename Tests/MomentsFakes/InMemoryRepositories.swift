import Moments

/// `UserRepository` over an `InMemoryDatabase`.
public struct InMemoryUserRepository: UserRepository {
    public let database: InMemoryDatabase
    public init(database: InMemoryDatabase) { self.database = database }
    public func user(id: String) throws -> User? { try database.user(id: id) }
}

/// `MomentRepository` over an `InMemoryDatabase`.
public struct InMemoryMomentRepository: MomentRepository {
    public let database: InMemoryDatabase
    public init(database: InMemoryDatabase) { self.database = database }
    public func timeline(userID: String) throws -> Timeline? { try database.timeline(userID: userID) }
    public func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try database.isMoment(momentID, visibleTo: viewerID)
    }
}

/// `LikeRepository` over an `InMemoryDatabase`.
public struct InMemoryLikeRepository: LikeRepository {
    public let database: InMemoryDatabase
    public init(database: InMemoryDatabase) { self.database = database }
    public func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes] {
        try database.likes(momentIDs: momentIDs, viewerID: viewerID)
    }
    public func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        try database.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
    }
}
