import Foundation
import TestSupport

/// Requests that hold the calling thread, on a raw socket each: for the steps
/// a test times. An `async` request resumes only when one of the test run's
/// shared threads (two here) is free, and under the whole suite that wait
/// has lasted a minute; a synchronous test keeps its thread once it runs.
enum BlockingRequest {
    /// One request (its request line without the version) on a connection of
    /// its own, and its response, read in full.
    static func send(port: Int, _ requestLine: String, headers: String = "", body: String = "") throws -> RawClient.Response {
        let client = try RawClient(port: port, timeout: .seconds(10))
        defer { client.close() }
        let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
        try client.send("\(requestLine) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)\(length)\r\n\(body)")
        return try client.readResponse()
    }

    /// A GraphQL request posted as JSON with `headers` (the app's by default).
    static func graphQL(
        port: Int, query: String, variables: [String: Any]? = nil, operationName: String? = nil,
        headers: [String: String] = GraphQLClient.appHeaders
    ) throws -> RawClient.Response {
        var payload: [String: Any] = ["query": query]
        if let variables { payload["variables"] = variables }
        if let operationName { payload["operationName"] = operationName }
        let body = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
        let lines = headers.map { "\($0.key): \($0.value)\r\n" }.sorted().joined()
        return try send(port: port, "POST /graphql", headers: "Content-Type: application/json\r\n" + lines, body: body)
    }
}

extension RawClient.Response {
    /// The body as a Foundation JSON object (an independent decoder, not
    /// ours), failing as `GraphQLClient.Reply.json` does when it is not one.
    var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw GraphQLClient.DecodingFailure(text: text)
            }
            return object
        }
    }
}
