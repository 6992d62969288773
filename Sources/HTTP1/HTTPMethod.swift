/// A request method (RFC 9110 §9). Open: any token is a method; the common ones are constants.
public struct HTTPMethod: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let delete = HTTPMethod("DELETE")
    public static let options = HTTPMethod("OPTIONS")
    public static let patch = HTTPMethod("PATCH")
    public static let connect = HTTPMethod("CONNECT")
    public static let trace = HTTPMethod("TRACE")
}
