/// The HTTP versions this server speaks. Any other version is answered with 505.
package enum HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    case http1_0
    case http1_1

    package var description: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
