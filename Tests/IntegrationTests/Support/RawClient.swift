import Foundation

/// A blocking TCP client for framing cases a real HTTP client would never
/// send: bytes go out exactly as written, and every read has a deadline.
final class RawClient {
    private let fd: Int32

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(port: Int, receiveTimeout: Duration = .seconds(10)) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect: errno \(errno)")
        }
        var timeout = timeval(tv_sec: Int(receiveTimeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    /// Sends `bytes` exactly, valid UTF-8 or not.
    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write: errno \(errno)") }
            offset += written
        }
    }

    /// Reads until the server closes the connection (or the receive timeout).
    func readUntilClose(limit: Int = 1 << 20) throws -> String {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while data.count < limit {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "read: errno \(errno) after \(data.count) bytes") }
            data += chunk[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads exactly `count` complete responses framed by Content-Length.
    func readResponses(_ count: Int) throws -> [(head: String, body: String)] {
        var buffer: [UInt8] = []
        var responses: [(head: String, body: String)] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while responses.count < count {
            if let end = buffer.firstRange(of: separator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count - end.upperBound >= length {
                    let body = String(decoding: buffer[end.upperBound..<(end.upperBound + length)], as: UTF8.self)
                    responses.append((head, body))
                    buffer.removeFirst(end.upperBound + length)
                    continue
                }
            }
            let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard read > 0 else { throw Failure(description: "connection ended after \(responses.count) responses") }
            buffer += chunk[0..<read]
        }
        return responses
    }
}
