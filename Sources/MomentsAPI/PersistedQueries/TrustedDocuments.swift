import Locking

/// The operations the app was built with, from a persisted query manifest
/// (`apollo-persisted-query-manifest` version 1, as Apollo's tools write it).
/// When the server has them, only they execute, by id or by exact text, and
/// anything else is refused before it is parsed. Texts and ids are matched
/// byte for byte (`UTF8Key`): a text that is only canonically equivalent to
/// a listed one (another spelling of a string literal) is not listed.
package struct TrustedDocuments: Sendable {
    package struct Operation: Sendable, Equatable {
        package enum Kind: String, Sendable { case query, mutation, subscription }
        /// SHA-256 of `body`, 64 lowercase hex digits.
        package var id: String
        package var name: String
        package var type: Kind
        package var body: String

        package init(id: String, name: String, type: Kind, body: String) {
            self.id = id
            self.name = name
            self.type = type
            self.body = body
        }

        package static func == (lhs: Operation, rhs: Operation) -> Bool {
            UTF8Key(lhs.id) == UTF8Key(rhs.id) && UTF8Key(lhs.name) == UTF8Key(rhs.name) && lhs.type == rhs.type
                && UTF8Key(lhs.body) == UTF8Key(rhs.body)
        }
    }

    package let operations: [Operation]
    private let bodiesByID: [UTF8Key: String]
    private let bodies: Set<UTF8Key>

    /// - Precondition: ids are the SHA-256 of their bodies and unique
    ///   (`TrustedDocuments.load` checks both).
    init(checked operations: [Operation]) {
        self.operations = operations
        var bodiesByID: [UTF8Key: String] = [:]
        for operation in operations { bodiesByID[UTF8Key(operation.id)] = operation.body }
        self.bodiesByID = bodiesByID
        bodies = Set(operations.map { UTF8Key($0.body) })
    }

    /// The listed text with this id.
    func body(id: String) -> String? { bodiesByID[UTF8Key(id)] }

    /// Whether this exact text (byte for byte) is listed: one hash of the
    /// text, no parsing.
    func contains(body: String) -> Bool { bodies.contains(UTF8Key(body)) }
}
