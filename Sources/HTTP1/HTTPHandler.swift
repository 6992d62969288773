/// The one seam between the transport and the application: a request in, a
/// response out. Called off the I/O path, possibly on several threads at once.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse
}
