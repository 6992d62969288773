import Foundation
import Testing
import TestSupport

/// Framing through the real binary, with bytes no polite client would send.
@Suite struct HTTPFramingTests {
    let directory: TemporaryDirectory
    let server: ServerProcess

    init() throws {
        directory = try TemporaryDirectory()
        server = try ServerProcess(databasePath: directory.databasePath)
    }

    static let body = #"{"query":"{ getMomentsDetailsByUserID(userID: \"3\") { userDetails { name } } }"}"#

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let client = try RawClient(port: server.port)
        let post = "POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(Self.body.utf8.count)\r\n\r\n\(Self.body)"
        try client.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n" + post + "GET /nope HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let responses = try client.readResponses(3)
        #expect(responses.map(\.status) == [200, 200, 404])
        #expect(responses[1].text == #"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"name":"Swift Language"}}}}"#)
    }

    @Test func chunkedGraphQLBody() throws {
        let client = try RawClient(port: server.port)
        let bytes = Array(Self.body.utf8)
        let first = String(decoding: bytes[..<20], as: UTF8.self)
        let rest = String(decoding: bytes[20...], as: UTF8.self)
        try client.send(
            "POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "14;ext=1\r\n\(first)\r\n\(String(rest.utf8.count, radix: 16))\r\n\(rest)\r\n0\r\nX-Trailer: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text.contains("Swift Language"))
    }

    @Test(arguments: [
        "POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Folded: a\r\n  b\r\n\r\n",
        "GET /healthz HTTP/1.1\r\n\r\n",
        "POST /graphql HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
    func malformedFramingIs400AndCloses(request: String) throws {
        let client = try RawClient(port: server.port)
        try client.send(request)
        let answer = try client.readUntilClose()
        #expect(answer.hasPrefix("HTTP/1.1 400"))
        #expect(answer.lowercased().contains("connection: close"))
    }

    @Test func expectContinueGetsContinueThenTheAnswer() throws {
        let client = try RawClient(port: server.port)
        try client.send("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: \(Self.body.utf8.count)\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send(Self.body)
        let final = try client.readResponse()
        #expect(final.status == 200)
        #expect(final.text.contains("Swift Language"))
    }
}
