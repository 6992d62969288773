import HTTP1
import HTTPServer
import Testing

/// Bodies by Content-Length and chunked, and `Expect: 100-continue`.
struct RequestBodyTests {
    @Test func chunkedUploadIsDecoded() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        try client.send("5\r\nhello\r\n")
        try client.send("7;ext=1\r\n, world\r\n0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "hello, world")
    }

    @Test func bodySplitAcrossWritesIsReassembled() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Le")
        try client.send("ngth: 10\r\n\r\n01234")
        try client.send("56789")
        #expect(try client.readResponse().text == "0123456789")
    }

    @Test func expectContinueGetsContinueBeforeTheBody() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        try client.send("hello")
        let final = try client.readResponse()
        #expect(final.status == 200)
        #expect(final.text == "hello")
    }

    @Test func expectContinueWithOversizedBodyIsRefusedUpFront() throws {
        let fixture = try TestServer(limits: HTTPLimits(maxBodyBytes: 16))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 17\r\nExpect: 100-continue\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.header("Connection") == "close")
        #expect(try client.waitForClose())
    }
}
