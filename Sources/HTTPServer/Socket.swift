#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C seam for sockets: every call checked where it is made, errno
/// captured at once and the call named in `SocketError`.
enum Socket {
    /// Result of a non-blocking read or write.
    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfFile
        case failed(SocketError)
    }

    /// A bound, listening, non-blocking socket and its real address.
    static func listen(on address: SocketAddress, backlog: Int32) throws(SocketError) -> (fd: Int32, address: SocketAddress) {
        let fd = socket(address.family, socketStreamType, 0)
        guard fd >= 0 else { throw .lastError("socket") }
        do throws(SocketError) {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, name: "setsockopt(SO_REUSEADDR)")
            if case .ipv6 = address {
                // An IPv6 listener serves IPv6 only; bind 0.0.0.0 separately for IPv4.
                try setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, name: "setsockopt(IPV6_V6ONLY)")
            }
            let bound = address.withSockaddr { bind(fd, $0, $1) }
            guard bound == 0 else { throw .lastError("bind") }
            guard Glibc.listen(fd, backlog) == 0 else { throw .lastError("listen") }
            try setNonBlocking(fd)
            return (fd, try SocketAddress.local(of: fd))
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket; nil when none is waiting.
    static func accept(_ listener: Int32) -> Result<Int32?, SocketError> {
        while true {
            // accept4 is not exported by the Glibc module; accept + fcntl does the same.
            let fd = Glibc.accept(listener, nil, nil)
            if fd >= 0 {
                do throws(SocketError) {
                    guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else { throw .lastError("fcntl(F_SETFD)") }
                    try setNonBlocking(fd)
                    return .success(fd)
                } catch {
                    _ = Glibc.close(fd)
                    return .failure(error)
                }
            }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .success(nil)
            // The peer left before we took it: not the listener's fault (accept(2)).
            case ECONNABORTED, EPROTO: continue
            default: return .failure(.failed(call: "accept", errno: code))
            }
        }
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfFile }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(.failed(call: "read", errno: code))
            }
        }
    }

    /// `send` with MSG_NOSIGNAL: a vanished peer is an error, not a SIGPIPE.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let n = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return .bytes(n) }
            let code = errno
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(.failed(call: "send", errno: code))
            }
        }
    }

    /// TCP_NODELAY: responses are written whole, so Nagle only adds delay.
    static func setNoDelay(_ fd: Int32) throws(SocketError) {
        try setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1, name: "setsockopt(TCP_NODELAY)")
    }

    /// SO_SNDBUF: caps the kernel's send buffer (a streamed response's, `HTTPLimits.streamSendBufferBytes`).
    static func setSendBuffer(_ fd: Int32, bytes: Int) throws(SocketError) {
        try setOption(fd, SOL_SOCKET, SO_SNDBUF, Int32(clamping: bytes), name: "setsockopt(SO_SNDBUF)")
    }

    static func shutdownWrite(_ fd: Int32) throws(SocketError) {
        guard Glibc.shutdown(fd, Int32(SHUT_WR)) == 0 else { throw .lastError("shutdown") }
    }

    /// SO_LINGER with a zero timeout: the next close resets the connection and
    /// drops unsent bytes at once (socket(7)), for a client we cut off mid-response.
    static func discardUnsentOnClose(_ fd: Int32) throws(SocketError) {
        var option = linger(l_onoff: 1, l_linger: 0)
        guard setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size)) == 0 else {
            throw .lastError("setsockopt(SO_LINGER)")
        }
    }

    static func close(_ fd: Int32) throws(SocketError) {
        // close(2): even on EINTR the descriptor is released on Linux; never retry.
        guard Glibc.close(fd) == 0 else { throw .lastError("close") }
    }

    static func setNonBlocking(_ fd: Int32) throws(SocketError) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { throw .lastError("fcntl(F_GETFL)") }
        guard fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .lastError("fcntl(F_SETFL)") }
    }

    private static func setOption(_ fd: Int32, _ level: Int32, _ option: Int32, _ value: Int32, name: String) throws(SocketError) {
        var value = value
        guard setsockopt(fd, level, option, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .lastError(name)
        }
    }

    private static var socketStreamType: Int32 { Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue) }

    /// Raises the soft open-file limit to the hard one so ~10,000 connections fit.
    /// Returns the soft limit in force afterwards.
    @discardableResult
    static func raiseOpenFileLimit() throws(SocketError) -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw .lastError("getrlimit") }
        // RLIM_INFINITY is refused above fs.nr_open; 1 Mi is Linux's default nr_open.
        let target = min(limit.rlim_max, 1 << 20)
        guard limit.rlim_cur < target else { return UInt64(limit.rlim_cur) }
        limit.rlim_cur = target
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw .lastError("setrlimit") }
        return UInt64(target)
    }

    /// A send to a vanished peer must not kill the process (we also pass MSG_NOSIGNAL).
    static func ignoreSIGPIPE() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}
