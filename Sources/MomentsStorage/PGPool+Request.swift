import Moments
import PostgreSQL

extension PGPool {
    /// `withConnection` for the request being served: every wait within its
    /// deadline (`RequestDeadline`), and the database's unavailability
    /// thrown as the domain's `StorageUnavailable`.
    func serving<T>(_ body: (PGConnection) throws -> T) throws -> T {
        do {
            return try withConnection(until: RequestDeadline.current, body)
        } catch let error as PGError where error.isUnavailable {
            throw StorageUnavailable(reason: error.description)
        }
    }

    /// `transaction` for the request being served, as `serving`.
    func servingTransaction<T>(_ kind: PGTransactionKind = .readWrite, _ body: (PGConnection) throws -> T) throws -> T {
        try serving { connection in try connection.transaction(kind) { try body(connection) } }
    }
}
