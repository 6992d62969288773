import Locking
import Moments

/// `UserRepository` over an `InMemoryDatabase`.
package struct InMemoryUserRepository: UserRepository {
    package let database: InMemoryDatabase
    package init(database: InMemoryDatabase) { self.database = database }
    package func user(id: String) throws -> User? { try database.user(id: id) }
}

/// `MomentRepository` over an `InMemoryDatabase`.
package struct InMemoryMomentRepository: MomentRepository {
    package let database: InMemoryDatabase
    package init(database: InMemoryDatabase) { self.database = database }
    package func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        try database.timeline(userID: userID, page: page)
    }
    package func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try database.isMoment(momentID, visibleTo: viewerID)
    }
}

/// `LikeRepository` over an `InMemoryDatabase`.
package struct InMemoryLikeRepository: LikeRepository {
    package let database: InMemoryDatabase
    package init(database: InMemoryDatabase) { self.database = database }
    package func likes(momentIDs: [String], viewerID: String, likers: Int) throws -> [UTF8Key: MomentLikes] {
        try database.likes(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
    }
    package func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        try database.likedMoments(momentIDs, by: viewerID)
    }
    package func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        try database.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
    }
}
