#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking

/// A TCP relay of the tests' own, on 127.0.0.1, between a server under test
/// and its database: every connection accepted on `port` is forwarded, both
/// ways, to 127.0.0.1:`targetPort`, until `partition()` makes it a network
/// partition and `heal()` ends it.
///
/// `partition()` closes nothing: the relay stops reading every socket, so
/// bytes pile up in kernel buffers and each peer hears silence, as when the
/// path drops every packet; and it stops accepting, so a new connect
/// completes its handshake in the kernel's backlog while nothing reaches the
/// target, and a client's startup (libpq's) waits unanswered. `heal()` lets
/// the held bytes and connections flow again.
///
/// Why a relay and not network namespaces with a veth pair: it needs no root,
/// no iproute2 or netns, and runs in any CI container, and the server sees
/// what a partition shows it: no answer, nothing refused, connections that
/// stay open. The differences: the relay's kernel still acknowledges the
/// bytes the server sends, so TCP keepalives or `tcp_user_timeout` alone
/// would not notice the partition (the server's own deadlines must); and a
/// new connect completes where a black-holed SYN would go unanswered, so the
/// wait moves from the connect to the startup (libpq's `connect_timeout`
/// bounds both). As after a real partition (TCP retransmits), what was sent
/// during it is delivered when it heals, even on a connection its sender
/// has since closed.
///
/// One thread of its own polls every socket (poll(2)); at most
/// `maxConnections` relayed connections, each with a fixed buffer per
/// direction (a direction is read only once its buffer is drained). Released
/// or `stop()`ped, it closes everything.
package final class TCPRelay: Sendable {
    /// A failed socket call, with the call's name and the errno it left.
    package struct Failure: Error, CustomStringConvertible {
        package var call: String
        package var errno: Int32

        package var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
    }

    enum Phase: Equatable {
        case forwarding
        case partitioned
        case stopped
    }

    /// What the callers ask for and what the relay's thread has done, with a
    /// generation so that a caller waits for its own request, not a later one.
    struct Shared {
        var requested: Phase = .forwarding
        var requestedGeneration = 0
        var appliedGeneration = 0
        var threadEnded = false
        var wakeClosed = false
        /// Why the thread ended early (a poll that failed), if it did.
        var failure: String?
    }

    /// The relay's own port on 127.0.0.1.
    package let port: Int
    package let targetPort: Int
    private let shared = Locked(Shared())
    private let applied = Condition()
    private let wakeWriter: Int32

    /// - Parameters:
    ///   - targetPort: where on 127.0.0.1 each connection goes.
    ///   - maxConnections: relayed connections at once; later ones wait in the backlog.
    ///   - bufferBytes: the buffer of each direction of each connection.
    package init(targetPort: Int, maxConnections: Int = 64, bufferBytes: Int = 16 * 1024) throws {
        precondition((1...256).contains(maxConnections) && bufferBytes > 0)
        self.targetPort = targetPort
        let (listener, port) = try Self.listen()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            Glibc.close(listener)
            throw Failure(call: "pipe", errno: code)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.port = port
        wakeWriter = ends[1]
        let (shared, applied, wakeReader) = (shared, applied, ends[0])
        let thread = Thread {
            Forwarder(
                listener: listener, wake: wakeReader, targetPort: targetPort, maxConnections: maxConnections,
                bufferBytes: bufferBytes, shared: shared, applied: applied
            ).run()
        }
        thread.name = "TCPRelay :\(port) -> :\(targetPort)"
        thread.start()
    }

    deinit { stop() }

    /// Stops forwarding in both directions without closing anything; returns
    /// once the relay's thread forwards nothing more.
    package func partition() { change(to: .partitioned) }

    /// Forwards again: held bytes and waiting connections flow.
    package func heal() { change(to: .forwarding) }

    /// Closes every connection and the listener; returns once they are closed.
    package func stop() {
        change(to: .stopped)
        shared.withLock { state in
            guard !state.wakeClosed else { return }
            state.wakeClosed = true
            Glibc.close(wakeWriter)
        }
    }

    package var isPartitioned: Bool { shared.withLock { $0.requested == .partitioned } }

    /// Why the relay's thread ended before `stop()`, if it did.
    package var failure: String? { shared.withLock { $0.failure } }

    private func change(to phase: Phase) {
        let generation: Int? = shared.withLock { state in
            guard state.requested != .stopped, !state.threadEnded else { return nil }
            state.requested = phase
            state.requestedGeneration += 1
            // A byte in the pipe ends the thread's poll (a full pipe already holds one).
            var byte: UInt8 = 1
            _ = Glibc.write(wakeWriter, &byte, 1)
            return state.requestedGeneration
        }
        guard let generation else { return }
        shared.withLock(waitingOn: applied, until: { $0.appliedGeneration >= generation || $0.threadEnded }) { _ in }
    }

    /// A non-blocking listening socket on 127.0.0.1, port 0, and the port it got.
    private static func listen() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
        do {
            var one: Int32 = 1
            guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                throw Failure(call: "setsockopt(SO_REUSEADDR)", errno: errno)
            }
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            guard bound == 0 else { throw Failure(call: "bind", errno: errno) }
            // A deep backlog: connects made during a partition wait here, handshake done.
            guard Glibc.listen(fd, 1024) == 0 else { throw Failure(call: "listen", errno: errno) }
            guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else { throw Failure(call: "fcntl(F_SETFL)", errno: errno) }
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { throw Failure(call: "getsockname", errno: errno) }
            return (fd, Int(UInt16(bigEndian: address.sin_port)))
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }
}

/// The relay's thread: owns the listener, the wake pipe's read end and every
/// relayed connection; applies the phase callers ask for at the top of each
/// round, so a caller that saw its request applied knows that nothing is
/// forwarded after it.
private final class Forwarder {
    private let listener: Int32
    private let wake: Int32
    private let targetPort: Int
    private let maxConnections: Int
    private let bufferBytes: Int
    private let shared: Locked<TCPRelay.Shared>
    private let applied: Condition
    private var links: [Link] = []

    init(
        listener: Int32, wake: Int32, targetPort: Int, maxConnections: Int, bufferBytes: Int,
        shared: Locked<TCPRelay.Shared>, applied: Condition
    ) {
        self.listener = listener
        self.wake = wake
        self.targetPort = targetPort
        self.maxConnections = maxConnections
        self.bufferBytes = bufferBytes
        self.shared = shared
        self.applied = applied
    }

    func run() {
        var failure: String?
        defer {
            links.forEach { $0.close() }
            links.removeAll()
            Glibc.close(listener)
            Glibc.close(wake)
            shared.withLock {
                $0.threadEnded = true
                $0.failure = failure
            }
            applied.broadcast()
        }
        // Ends when stop() asks (or poll fails); each round waits at most a second.
        while true {
            let phase = shared.withLock { state in
                state.appliedGeneration = state.requestedGeneration
                return state.requested
            }
            applied.broadcast()
            if phase == .stopped { return }
            // While partitioned only the wake pipe is polled: no socket is read, written or accepted.
            var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if phase == .forwarding {
                fds.append(pollfd(fd: links.count < maxConnections ? listener : -1, events: Int16(POLLIN), revents: 0))
                for link in links {
                    // A negative fd is skipped by poll(2): no interest, no POLLHUP to spin on.
                    let (client, upstream) = link.events
                    fds.append(pollfd(fd: client == 0 ? -1 : link.client, events: client, revents: 0))
                    fds.append(pollfd(fd: upstream == 0 ? -1 : link.upstream, events: upstream, revents: 0))
                }
            }
            let ready = poll(&fds, nfds_t(fds.count), 1000)
            if ready < 0 {
                let code = errno
                if code == EINTR { continue }
                failure = TCPRelay.Failure(call: "poll", errno: code).description
                return
            }
            if fds[0].revents != 0 { drainWake() }
            guard phase == .forwarding, ready > 0 else { continue }
            for (index, link) in links.enumerated() {
                let (client, upstream) = (fds[2 + 2 * index].revents, fds[3 + 2 * index].revents)
                if client != 0 || upstream != 0 { link.service(upstreamReady: upstream != 0) }
            }
            links.removeAll { $0.isClosed }
            if fds[1].revents != 0 { acceptWaiting() }
        }
    }

    private func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ Glibc.read(wake, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Takes connections from the backlog while there is room, each with its own connect to the target.
    private func acceptWaiting() {
        while links.count < maxConnections {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                let code = errno
                if code == EINTR || code == ECONNABORTED { continue }
                return  // EAGAIN: none waiting; anything else (EMFILE): leave them in the backlog
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            Link.prepare(client)
            guard let link = Link(client: client, targetPort: targetPort, bufferBytes: bufferBytes) else {
                // The target refused (or no socket): the client sees its connection closed.
                Glibc.close(client)
                continue
            }
            links.append(link)
        }
    }
}

/// One relayed connection: the accepted client socket, the socket to the
/// target, and a fixed buffer for each direction.
private final class Link {
    let client: Int32
    let upstream: Int32
    private var isConnecting: Bool
    private var toUpstream: Direction
    private var toClient: Direction
    private(set) var isClosed = false

    init?(client: Int32, targetPort: Int, bufferBytes: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        Self.prepare(fd)
        var address = TCPRelay.loopback(port: targetPort)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 || errno == EINPROGRESS else {
            Glibc.close(fd)
            return nil
        }
        self.client = client
        upstream = fd
        isConnecting = rc != 0
        toUpstream = Direction(capacity: bufferBytes)
        toClient = Direction(capacity: bufferBytes)
    }

    /// Non-blocking, and TCP_NODELAY: the relay must not add Nagle's delay to small messages.
    static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// What to poll for on (client, upstream).
    var events: (client: Int16, upstream: Int16) {
        if isConnecting { return (0, Int16(POLLOUT)) }
        return (toUpstream.readInterest | toClient.writeInterest, toClient.readInterest | toUpstream.writeInterest)
    }

    /// Moves what can be moved; any failed call ends the connection, both sides.
    func service(upstreamReady: Bool) {
        if isConnecting {
            guard upstreamReady else { return }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(upstream, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { return close() }
            isConnecting = false
        }
        guard toUpstream.pump(from: client, to: upstream), toClient.pump(from: upstream, to: client) else { return close() }
        if toUpstream.isShutDown && toClient.isShutDown { close() }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(client)
        Glibc.close(upstream)
    }
}

/// One direction of a relayed connection: read into the buffer only when it
/// is empty, write it out, and pass an end of file on as a half close.
private struct Direction {
    private var buffer: [UInt8]
    private var pending = 0..<0
    private var sourceEnded = false
    private(set) var isShutDown = false

    init(capacity: Int) {
        buffer = [UInt8](repeating: 0, count: capacity)
    }

    var readInterest: Int16 { pending.isEmpty && !sourceEnded ? Int16(POLLIN) : 0 }
    var writeInterest: Int16 { pending.isEmpty ? 0 : Int16(POLLOUT) }

    /// False when a read or write failed (a reset, a vanished peer).
    mutating func pump(from source: Int32, to destination: Int32) -> Bool {
        if pending.isEmpty && !sourceEnded {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
            if n > 0 {
                pending = 0..<n
            } else if n == 0 {
                sourceEnded = true
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return false
            }
        }
        if !pending.isEmpty {
            let range = pending
            let n = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + range.lowerBound, range.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                pending = (pending.lowerBound + n)..<pending.upperBound
            } else if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return false
            }
        }
        if pending.isEmpty && sourceEnded && !isShutDown {
            // The peer may be gone already (ENOTCONN): the direction is finished either way.
            _ = shutdown(destination, Int32(SHUT_WR))
            isShutDown = true
        }
        return true
    }
}
