import HTTP1
import Testing

/// Which `X-Request-ID` values are kept (echoed and logged as they came).
@Suite struct RequestIDTests {
    @Test(arguments: ["a", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
                      ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##, String(repeating: "z", count: 128)])
    func keeps(_ value: String) {
        #expect(RequestID.isValid(value))
        #expect(RequestID.kept(from: ["x-request-id": value]) == value)
    }

    @Test(arguments: ["", " ", "a b", "a\tb", "é", "a\u{7f}", "a\u{0}", String(repeating: "z", count: 129)])
    func refuses(_ value: String) {
        #expect(!RequestID.isValid(value))
        #expect(RequestID.kept(from: ["X-Request-ID": value]) == nil)
    }

    @Test func twoIDsAreNone() {
        #expect(RequestID.kept(from: HTTPHeaders([("X-Request-ID", "a"), ("X-Request-Id", "b")])) == nil)
        #expect(RequestID.kept(from: ["Host": "x"]) == nil)
    }
}
