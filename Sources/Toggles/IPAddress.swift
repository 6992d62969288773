/// An IPv4 or IPv6 address as bytes (4 or 16), and CIDR ranges over them:
/// the remoteAddress strategy and the IN_CIDR operator. IPv4-mapped IPv6
/// addresses (`::ffff:10.0.0.1`, which dual-stack sockets report) count as IPv4.
package struct IPAddress: Sendable, Equatable {
    package var bytes: [UInt8]

    package init?(_ text: Substring) {
        if text.contains(":") {
            guard let bytes = Self.parseIPv6(text) else { return nil }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
                self.bytes = Array(bytes[12...])
            } else {
                self.bytes = bytes
            }
        } else {
            guard let bytes = Self.parseIPv4(text) else { return nil }
            self.bytes = bytes
        }
    }

    package init?(_ text: String) { self.init(Substring(text)) }

    static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), let value = UInt8(part) else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard text.count <= 45 else { return nil }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        func groups(_ part: Substring, allowIPv4Tail: Bool) -> [UInt8]? {
            if part.isEmpty { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowIPv4Tail && index == pieces.count - 1 && piece.contains(".") {
                    guard let v4 = parseIPv4(piece) else { return nil }
                    bytes += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
                }
            }
            return bytes
        }
        if halves.count == 1 {
            guard let bytes = groups(text, allowIPv4Tail: true), bytes.count == 16 else { return nil }
            return bytes
        }
        guard let head = groups(halves[0], allowIPv4Tail: false),
            let tail = groups(halves[1], allowIPv4Tail: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

/// `address/prefix`, or a single address (a full-length prefix).
package struct CIDRRange: Sendable, Equatable {
    package var network: IPAddress
    package var prefixLength: Int

    package init?(_ text: Substring) {
        let trimmed = Substring(String(text).trimmingASCIIWhitespace())
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        var prefix = bits
        if parts.count == 2 {
            guard (1...3).contains(parts[1].count), parts[1].allSatisfy(\.isASCIIDigit), let value = Int(parts[1]), value <= bits else { return nil }
            // An IPv4-mapped IPv6 range narrows to its IPv4 part.
            prefix = parts[0].contains(":") && bits == 32 ? max(0, value - 96) : value
        }
        network = address
        prefixLength = prefix
    }

    package func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, network.bytes) where remaining > 0 {
            let take = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xff << (8 - take))
            if a & mask != b & mask { return false }
            remaining -= take
        }
        return true
    }
}
