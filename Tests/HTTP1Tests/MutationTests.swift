import Testing
@testable import HTTP1

/// A fixed-seed generator, so every run mutates the same way (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Outcome of feeding a whole wire: the requests, or the error.
private enum Outcome: Equatable {
    case decoded([DecodedRequest])
    case failed(HTTPParseError)

    init(_ wire: [UInt8], cuts: [Int]) {
        do {
            self = .decoded(try WireFeeder.decode(wire, cuts: cuts))
        } catch let error as HTTPParseError {
            self = .failed(error)
        } catch {
            self = .decoded([])
        }
    }
}

/// Bytes that sit on grammar boundaries, to mutate valid fixtures with.
private let interestingBytes: [UInt8] = Array("\r\n \t:;,=\"\\0aF-/".utf8) + [0x00, 0x7F, 0x80, 0xFF]

struct MutationTests {
    /// Mutated valid requests never trap (the parser's sentinel reasoning holds; debug builds
    /// bounds-check every byte read), and give the same outcome however they are split.
    @Test(arguments: validCases)
    func mutatedRequestsDecodeTheSameWholeAndByteByByte(_ testCase: ValidCase) {
        var random = SplitMix64(state: UInt64(truncatingIfNeeded: testCase.name.utf8.count &* 7919))
        for round in 0..<60 {
            var wire = testCase.wire
            for _ in 0...(round % 3) {
                let position = Int.random(in: 0..<wire.count, using: &random)
                let byte = interestingBytes.randomElement(using: &random) ?? 0
                switch Int.random(in: 0..<3, using: &random) {
                case 0: wire[position] = byte
                case 1: wire.insert(byte, at: position)
                default: if wire.count > 1 { wire.remove(at: position) }
                }
            }
            let whole = Outcome(wire, cuts: [])
            let byteByByte = Outcome(wire, cuts: wire.count > 1 ? Array(1..<wire.count) : [])
            let middle = Outcome(wire, cuts: [wire.count / 2])
            #expect(whole == byteByByte, "round \(round): \(String(decoding: wire, as: UTF8.self).debugDescription)")
            #expect(whole == middle, "round \(round): \(String(decoding: wire, as: UTF8.self).debugDescription)")
        }
    }
}
