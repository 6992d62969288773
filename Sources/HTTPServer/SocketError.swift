#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed socket call, with the syscall's name and the errno it left.
package enum SocketError: Error, Equatable, CustomStringConvertible {
    case failed(call: String, errno: Int32)
    /// The host is not a numeric IPv4 or IPv6 address.
    case invalidAddress(String)

    /// Captures `errno` at once; call it straight after the failing call.
    static func lastError(_ call: String) -> SocketError {
        .failed(call: call, errno: errno)
    }

    package var description: String {
        switch self {
        case let .failed(call, code): "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case let .invalidAddress(host): "not a numeric IPv4 or IPv6 address: \(host)"
        }
    }
}
