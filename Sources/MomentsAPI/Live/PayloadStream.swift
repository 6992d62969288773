import HTTP1
import Locking

/// A streamed body whose pieces are all known (an incrementally delivered
/// answer's parts): each is written as its own chunk, in order, then the end.
final class PayloadStream: HTTPBodyStream, Sendable {
    private let pieces: Locked<[[UInt8]]>

    init(_ pieces: [[UInt8]]) {
        self.pieces = Locked(pieces)
    }

    func attach(wake: @escaping @Sendable () -> Void) { wake() }

    func next() -> HTTPStreamPiece {
        pieces.withLock { pieces in
            guard !pieces.isEmpty else { return .none }
            let piece = pieces.removeFirst()
            return pieces.isEmpty ? .end(piece) : .bytes(piece)
        }
    }

    func finish() {}

    func closed() {}

    var accessLogDetail: String? { nil }
}
