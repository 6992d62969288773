#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// A blocking TCP client for framing tests: it writes exactly the bytes given
/// and parses responses itself. Every read has a deadline (SO_RCVTIMEO), so a
/// test fails instead of hanging.
package final class RawClient {
    package struct Response: Equatable {
        package var status: Int
        package var headers: [(name: String, value: String)]
        package var body: [UInt8]

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
        package var text: String { String(decoding: body, as: UTF8.self) }

        package static func == (lhs: Response, rhs: Response) -> Bool {
            lhs.status == rhs.status && lhs.body == rhs.body
                && lhs.headers.map { "\($0.name): \($0.value)" } == rhs.headers.map { "\($0.name): \($0.value)" }
        }
    }

    package enum Failure: Error, Equatable {
        case connect(errno: Int32)
        case timedOut
        case closed
        case malformed(String)
    }

    package let fd: Int32
    /// Largest single `recv`: small values make a slow reader that drains the server in pieces.
    package var readChunk = 64 * 1024
    /// A pause after every `recv` while reading a response (cut short if the server hangs up):
    /// with a small `readChunk`, a client that reads at a set pace.
    package var pace: Duration?
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to `host` (127.0.0.1 or ::1) and `port`; reads give up after `timeout`.
    package init(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(10)) throws {
        let ipv6 = host.contains(":")
        fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            let code = errno
            isClosed = true
            throw Failure.connect(errno: code)
        }
        let rc: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(host)
            rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard rc == 0 else {
            let code = errno
            // close() marks the client closed: deinit still runs after a throw here,
            // and a second close could hit a reused descriptor of another test.
            close()
            throw Failure.connect(errno: code)
        }
        setTimeout(timeout)
        var interval = Self.timeval(timeout)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Deadline for every later read.
    package func setTimeout(_ timeout: Duration) {
        var interval = Self.timeval(timeout)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Shrinks the kernel receive buffer (before the server sends much), so the server's writes block sooner.
    package func setReceiveBuffer(bytes: Int32) {
        var size = bytes
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }

    deinit { close() }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    /// Closes with a reset (SO_LINGER 0): a client that vanishes.
    package func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure.closed }
            sent += n
        }
    }

    /// Reads one response; `bodyless` for a response to HEAD (Content-Length without a body).
    package func readResponse(bodyless: Bool = false) throws -> Response {
        let head = try readHead()
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw Failure.malformed(statusLine)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        var response = Response(status: status, headers: headers, body: [])
        if !bodyless, let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.body = try readExactly(length)
        }
        return response
    }

    /// Reads `count` responses, as `readResponse` does each.
    package func readResponses(_ count: Int) throws -> [Response] {
        try (0..<count).map { _ in try readResponse() }
    }

    /// Everything the server sends until it closes the connection, as text;
    /// throws `.timedOut` if it stays open past the read timeout.
    package func readUntilClose(limit: Int = 1 << 20) throws -> String {
        while buffer.count < limit {
            do { try fill() } catch Failure.closed { break }
        }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads until what came so far holds `text` (true), or the server
    /// closes or stays silent for the read timeout (false); what was read
    /// stays for `readUntilClose`.
    package func read(until text: String) -> Bool {
        let wanted = Array(text.utf8)
        while buffer.firstRange(of: wanted) == nil {
            do { try fill() } catch { return false }
        }
        return true
    }

    /// Whether the server closed the connection (EOF or reset) before `timeout`
    /// (the socket's read timeout); any bytes that arrive first are returned as a failure.
    package func waitForClose(within timeout: Duration? = nil) throws -> Bool {
        if let timeout { setTimeout(timeout) }
        if !buffer.isEmpty { throw Failure.malformed("unexpected bytes: \(String(decoding: buffer, as: UTF8.self))") }
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n > 0 { throw Failure.malformed("unexpected bytes: \(String(decoding: scratch[..<n], as: UTF8.self))") }
            switch errno {
            case EINTR: continue
            case ECONNRESET: return true
            case EAGAIN, EWOULDBLOCK: return false
            default: return true
            }
        }
    }

    /// Waits up to `timeout` for bytes from the server (poll(2) POLLIN): a pace for a
    /// trickling client that stops as soon as the server answers.
    package func waitForReadable(within timeout: Duration) -> Bool {
        buffer.isEmpty ? poll(events: Int16(POLLIN), timeout: timeout) : true
    }

    /// Waits up to `timeout` for the server to hang up (poll(2) POLLRDHUP, or a reset):
    /// a pace for a slowly reading client that stops as soon as the server cuts it off.
    package func waitForHangUp(within timeout: Duration) -> Bool {
        // POLLRDHUP (0x2000, poll(2)) is behind _GNU_SOURCE, which the Glibc module leaves out.
        poll(events: 0x2000, timeout: timeout)
    }

    /// One `recv` of at most `count` bytes; throws `.closed` at EOF or on a reset.
    package func readSome(_ count: Int) throws -> Int {
        var scratch = [UInt8](repeating: 0, count: count)
        while true {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { return n }
            if n == 0 { throw Failure.closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw Failure.timedOut
            default: throw Failure.closed
            }
        }
    }

    private func poll(events: Int16, timeout: Duration) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        for _ in 0..<100 {
            let ready = Glibc.poll(&entry, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            guard errno == EINTR else { return false }
        }
        return false
    }

    // MARK: Reading

    private func readHead() throws -> String {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return head
            }
            try fill()
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private func fill() throws {
        var scratch = [UInt8](repeating: 0, count: readChunk)
        while true {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: scratch[..<n])
                if let pace { _ = waitForHangUp(within: pace) }
                return
            }
            if n == 0 { throw Failure.closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw Failure.timedOut
            default: throw Failure.closed
            }
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var result = Substring(self)
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
