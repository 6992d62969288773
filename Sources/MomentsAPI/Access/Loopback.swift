/// Loopback addresses and names: what only this machine can reach.
package enum Loopback {
    /// `localhost`, `127.0.0.0/8`, `::1` (bracketed or not, IPv4-mapped
    /// `::ffff:127.x.x.x` too); anything else, `0.0.0.0` and `::` above all,
    /// may be reached from elsewhere. For a listening address (`--host`) and
    /// a connected peer's address alike.
    package static func contains(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        if name.hasPrefix("::ffff:") { name = String(name.dropFirst(7)) }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}
