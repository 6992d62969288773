/// Decides on a request from its head alone, before its body is read and
/// before `100 Continue` is sent: a client that may not send this request
/// learns so at once and never uploads its body (RFC 9110 §10.1.1 lets a
/// server answer an `Expect: 100-continue` request with its final status).
///
/// Asked once per request on the I/O thread, so the same rules as an
/// `.inline` handler: never block, microseconds only.
package protocol HTTPAdmission: Sendable {
    /// nil admits the request; a response refuses it, and the connection
    /// closes after it (the body, if any, is never read).
    /// - Parameter peer: the client's IP address, when known.
    func refusal(of head: HTTPRequestHead, peer: String?) -> HTTPResponse?
}
