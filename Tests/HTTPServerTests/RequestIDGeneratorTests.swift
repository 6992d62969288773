import HTTP1
import Testing

@testable import HTTPServer

@Suite struct RequestIDGeneratorTests {
    @Test func idsAreAPrefixAndACounter() {
        let generator = RequestIDGenerator()
        let ids = (0..<10_000).map { _ in generator.next() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[0-9a-z]{6}-[0-9a-z]{8}/) != nil && RequestID.isValid($0) })
        #expect(Set(ids.map { $0.prefix(6) }).count == 1)
        #expect(ids[0].hasSuffix("-00000001") && ids[30].hasSuffix("-0000000z") && ids[31].hasSuffix("-00000010"))
    }

    @Test func theClientsIDWinsWhenValid() {
        let generator = RequestIDGenerator()
        #expect(generator.id(for: ["X-Request-ID": "mine"]) == "mine")
        #expect(generator.id(for: ["X-Request-ID": "not mine"]) != "not mine")
    }
}
