/// A request method (RFC 9110 §9). Open: any token is a method; the common ones are constants.
package struct HTTPMethod: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }
    package var description: String { rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let delete = HTTPMethod("DELETE")
    package static let options = HTTPMethod("OPTIONS")
    package static let patch = HTTPMethod("PATCH")
    package static let connect = HTTPMethod("CONNECT")
    package static let trace = HTTPMethod("TRACE")

    /// GET or HEAD: the methods whose answers caches keep and revalidate.
    /// Decided by the first byte before comparing: asked on every answer,
    /// and a POST's would otherwise compare its text twice.
    package var isGetOrHead: Bool {
        switch rawValue.utf8.first {
        case UInt8(ascii: "G"): self == .get
        case UInt8(ascii: "H"): self == .head
        default: false
        }
    }
}
