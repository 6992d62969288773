#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address; `host` is numeric, no name resolution.
package enum SocketAddress: Sendable, Equatable, CustomStringConvertible {
    case ipv4(host: String, port: Int)
    case ipv6(host: String, port: Int)

    package var host: String {
        switch self {
        case let .ipv4(host, _), let .ipv6(host, _): host
        }
    }

    package var port: Int {
        switch self {
        case let .ipv4(_, port), let .ipv6(_, port): port
        }
    }

    /// `host:port`, with IPv6 hosts in brackets (RFC 3986 §3.2.2).
    package var description: String {
        switch self {
        case let .ipv4(host, port): "\(host):\(port)"
        case let .ipv6(host, port): "[\(host)]:\(port)"
        }
    }

    /// Parses a numeric host ("127.0.0.1", "::1", "[::1]"); "localhost" means 127.0.0.1.
    package init(host: String, port: Int) throws(SocketError) {
        var bare = host
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        if bare == "localhost" { bare = "127.0.0.1" }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            self = .ipv4(host: bare, port: port)
        } else if inet_pton(AF_INET6, bare, &v6) == 1 {
            self = .ipv6(host: bare, port: port)
        } else {
            throw .invalidAddress(host)
        }
    }

    var family: Int32 {
        switch self {
        case .ipv4: AF_INET
        case .ipv6: AF_INET6
        }
    }

    /// Calls `body` with this address as a `sockaddr` and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch self {
        case let .ipv4(host, port):
            var raw = sockaddr_in()
            raw.sin_family = sa_family_t(AF_INET)
            raw.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            _ = inet_pton(AF_INET, host, &raw.sin_addr)
            return withUnsafePointer(to: &raw) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case let .ipv6(host, port):
            var raw = sockaddr_in6()
            raw.sin6_family = sa_family_t(AF_INET6)
            raw.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            _ = inet_pton(AF_INET6, host, &raw.sin6_addr)
            return withUnsafePointer(to: &raw) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }

    /// The local address a socket is bound to (the real port after binding port 0).
    static func local(of fd: Int32) throws(SocketError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard rc == 0 else { throw .lastError("getsockname") }
        return try SocketAddress(storage: storage)
    }

    /// The address of a connected socket's peer (the client).
    static func peer(of fd: Int32) throws(SocketError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard rc == 0 else { throw .lastError("getpeername") }
        return try SocketAddress(storage: storage)
    }

    private init(storage: sockaddr_storage) throws(SocketError) {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            let raw = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee } }
            var addr = raw.sin_addr
            guard inet_ntop(AF_INET, &addr, &text, socklen_t(text.count)) != nil else { throw .lastError("inet_ntop") }
            self = .ipv4(host: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                         port: Int(UInt16(bigEndian: raw.sin_port)))
        case AF_INET6:
            let raw = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee } }
            var addr = raw.sin6_addr
            guard inet_ntop(AF_INET6, &addr, &text, socklen_t(text.count)) != nil else { throw .lastError("inet_ntop") }
            self = .ipv6(host: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                         port: Int(UInt16(bigEndian: raw.sin6_port)))
        default:
            throw .failed(call: "getsockname", errno: EAFNOSUPPORT)
        }
    }
}
