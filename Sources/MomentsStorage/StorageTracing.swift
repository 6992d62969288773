import Locking
import Moments
import SQLite
import Tracing

/// The database's part of tracing: a `CLIENT` span per repository call that
/// reaches the database (below the read cache: a hit makes none), named by
/// its statement's summary and attributed by OpenTelemetry's database
/// conventions (`db.system.name`, `db.operation.name`, `db.collection.name`,
/// `db.query.summary`), never with parameters; and, for a like, its wait for
/// the commit and the commit itself (SQLite: the group commit, fsync included).
struct StorageTracing: Sendable {
    /// A statement's name, as spans show it; made once (the span's name is its summary, needed on every call).
    struct Statement: Sendable {
        let operation: String
        let collection: String
        let summary: String

        init(_ operation: String, _ collection: String) {
            self.operation = operation
            self.collection = collection
            summary = "\(operation) \(collection)"
        }

        static let selectTimeline = Statement("SELECT", "timeline")
        static let selectMoments = Statement("SELECT", "moments")
        static let selectUsers = Statement("SELECT", "users")
        static let selectLikes = Statement("SELECT", "moment_likes")
        static let insertLike = Statement("INSERT", "moment_likes")
        static let deleteLike = Statement("DELETE", "moment_likes")
    }

    let tracer: any Tracer
    /// `sqlite` or `postgresql`.
    let system: String

    /// `body` inside the statement's span, which is current meanwhile.
    func span<T>(_ statement: Statement, _ body: () throws -> T) throws -> T {
        let span = tracer.startSpan(statement.summary, context: InstrumentationContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes.set("db.system.name", value: .string(system))
                attributes.set("db.operation.name", value: .string(statement.operation))
                attributes.set("db.collection.name", value: .string(statement.collection))
                attributes.set("db.query.summary", value: .string(statement.summary))
            }
        }
        do {
            return try InstrumentationContext.$current.withValue(span.context) { try body() }
        } catch {
            if span.isRecording {
                // The error's type only: a database's message can quote the values a statement was given.
                span.attributes.set("error.type", value: .string(String(describing: type(of: error))))
                span.setStatus(SpanStatus(code: .error))
            }
            throw error
        }
    }

    /// `whileWaitingForCommit` wrapped in a `commit wait` span: the like's
    /// thread waiting, from just after its write was queued to its commit's
    /// end (SQLite: the batch before it, then its own group commit, which the
    /// writer may already have begun; PostgreSQL: the round trip).
    func waitingForCommit(_ wait: @escaping @Sendable (() -> Void) -> Void) -> @Sendable (() -> Void) -> Void {
        { [self] body in
            let span = tracer.startSpan("commit wait", context: InstrumentationContext.current ?? .topLevel, ofKind: .internal)
            defer { span.end() }
            wait(body)
        }
    }

    /// The group commit a like's write was part of, as a `COMMIT` span with
    /// the commit's own times (it ran on the writer's thread, for every write of its batch).
    func committed(_ commit: CommitInterval) {
        let span = tracer.startSpan(
            "COMMIT", context: InstrumentationContext.current ?? .topLevel, ofKind: .client,
            at: DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: commit.startNanoseconds))
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes.set("db.system.name", value: .string(system))
                attributes.set("db.operation.name", value: .string("COMMIT"))
                attributes.set("db.operation.batch.size", value: .int64(Int64(commit.operations)))
            }
            if !commit.succeeded { span.setStatus(SpanStatus(code: .error)) }
        }
        span.end(at: DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: commit.endNanoseconds))
    }
}

/// `MomentRepository` with a span per call.
struct TracedMomentRepository: MomentRepository {
    let base: any MomentRepository
    let tracing: StorageTracing

    func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        try tracing.span(.selectTimeline) { try base.timeline(userID: userID, page: page) }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try tracing.span(.selectMoments) { try base.isMoment(momentID, visibleTo: viewerID) }
    }
}

/// `UserRepository` with a span per call.
struct TracedUserRepository: UserRepository {
    let base: any UserRepository
    let tracing: StorageTracing

    func user(id: String) throws -> User? {
        try tracing.span(.selectUsers) { try base.user(id: id) }
    }
}

/// `LikeRepository` with a span per call.
struct TracedLikeRepository: LikeRepository {
    let base: any LikeRepository
    let tracing: StorageTracing

    func likes(momentIDs: [String], viewerID: String, likers: Int) throws -> [UTF8Key: MomentLikes] {
        try tracing.span(.selectLikes) {
            try base.likes(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
        }
    }

    func likesInOrder(momentIDs: [String], viewerID: String, likers: Int) throws -> [MomentLikes] {
        try tracing.span(.selectLikes) {
            try base.likesInOrder(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
        }
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        try tracing.span(.selectLikes) { try base.likedMoments(momentIDs, by: viewerID) }
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        try tracing.span(isLiked ? .insertLike : .deleteLike) {
            try base.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
        }
    }
}
