import Foundation
import HTTP1
import Testing
@testable import HTTPCompression

/// The app's timeline answers as the server sends them (`getMomentsDetailsByUserID`
/// for user 0 with likes, made by scripts/compression-levels.sh): the demo data's
/// 2.5 KB and the synthetic data's 18 KB (1,000 users, 10 friends, 3 moments, 5 likes).
enum Timeline {
    static let demo = fixture("timeline-demo-user0")
    static let synthetic = fixture("timeline-synthetic-user0")

    private static func fixture(_ name: String) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return [UInt8](data)
    }
}

/// Bytes that do not compress: a fixed-seed xorshift, so a failure repeats.
func randomBytes(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

/// Whether `encoded` decodes to `original` through the reference decoder; a failure
/// reports sizes and where they differ, not megabytes of bytes.
func expectDecodes(
    _ encoded: [UInt8], _ coding: ContentCoding, to original: [UInt8], _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let decoded = try ReferenceDecoder.decode(encoded, coding)
    guard decoded != original else { return }
    let firstDifference = zip(decoded, original).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    let comment: Comment = """
        \(coding) \(what): \(encoded.count) bytes decode to \(decoded.count), not the \(original.count) given \
        (first difference at \(firstDifference ?? min(decoded.count, original.count)))
        """
    Issue.record(comment, sourceLocation: sourceLocation)
}

struct CompressorTests {
    static let codings: [ContentCoding] = [.gzip, .br]

    @Test func theFixturesAreTheAppsAnswers() throws {
        for answer in [Timeline.demo, Timeline.synthetic] {
            #expect(answer.starts(with: Array(#"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"id":"0""#.utf8)))
            #expect(answer.count > Compressor.minimumBytes)
        }
        #expect(Timeline.demo.count == 2_530)
        #expect(Timeline.synthetic.count == 17_858)
    }

    @Test(arguments: codings)
    func timelinesRoundTripThroughAnIndependentDecoder(_ coding: ContentCoding) throws {
        for answer in [Timeline.demo, Timeline.synthetic] {
            let encoded = Compressor.compress(answer, as: coding)
            #expect(encoded != nil)
            try expectDecodes(encoded ?? [], coding, to: answer)
            let size = encoded?.count ?? answer.count
            // JSON this repetitive compresses to under half (measured: 29-36 % for the demo, 7-8 % synthetic).
            #expect(size * 2 < answer.count)
        }
    }

    @Test func everyLevelRoundTrips() throws {
        for level in Compressor.gzipLevels {
            let encoded = Compressor.compress(Timeline.synthetic, as: .gzip, level: level)
            #expect(encoded != nil, "gzip level \(level)")
            try expectDecodes(encoded ?? [], .gzip, to: Timeline.synthetic, "level \(level)")
        }
        for quality in Compressor.brotliQualities {
            let encoded = Compressor.compress(Timeline.synthetic, as: .br, level: quality)
            #expect(encoded != nil, "brotli quality \(quality)")
            try expectDecodes(encoded ?? [], .br, to: Timeline.synthetic, "quality \(quality)")
        }
    }

    /// RFC 1952 §2.3: ID1 ID2 CM=8 (deflate), no flags, OS; then the data, CRC-32 and ISIZE.
    @Test func gzipIsOneRFC1952Member() throws {
        let encoded = try #require(Compressor.compress(Timeline.demo, as: .gzip))
        #expect(Array(encoded.prefix(4)) == [0x1F, 0x8B, 0x08, 0x00])
        let size = encoded.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(size == Timeline.demo.count)
    }

    @Test func identityIsNotACompression() {
        #expect(Compressor.compress(Timeline.demo, as: .identity) == nil)
    }

    /// Nothing is shorter than nothing: an empty answer stays plain, for either coding.
    /// The encoders themselves still make a valid empty stream.
    @Test(arguments: codings)
    func anEmptyAnswerStaysPlain(_ coding: ContentCoding) throws {
        #expect(Compressor.compress([UInt8](), as: coding) == nil)
        let nothing = UnsafeRawBufferPointer(start: nil, count: 0)
        let empty = coding == .gzip ? Compressor.gzip(nothing, level: 6) : Compressor.brotli(nothing, quality: 5)
        #expect(empty != nil && empty?.isEmpty == false)
        try expectDecodes(empty ?? [], coding, to: [])
    }

    /// 64 KiB that do not compress stay plain; the encoders' own output is bounded by
    /// the libraries' bounds (a few bytes per 16 KiB block over the input) and decodes.
    @Test(arguments: codings)
    func incompressibleBytesStayPlain(_ coding: ContentCoding) throws {
        let random = randomBytes(65_536)
        #expect(Compressor.compress(random, as: coding) == nil)
        let encoded =
            random.withUnsafeBytes {
                coding == .gzip
                    ? Compressor.gzip($0, level: Int32(Compressor.gzipLevel)) : Compressor.brotli($0, quality: Int32(Compressor.brotliQuality))
            } ?? []
        #expect(encoded.count >= random.count && encoded.count <= random.count + 64, "\(encoded.count) bytes")
        try expectDecodes(encoded, coding, to: random)
    }

    /// The server's largest answer (`--max-response-bytes`' default, 4 MiB), made of
    /// timelines with a counter so that it is not one repeat: bounded output, in bounded time.
    @Test(arguments: codings)
    func theLargestAnswerRoundTrips(_ coding: ContentCoding) throws {
        var large: [UInt8] = []
        large.reserveCapacity(4 << 20)
        var copy = 0
        while large.count < 4 << 20 {
            large += Array("{\"copy\":\(copy)}".utf8) + Timeline.synthetic
            copy += 1
        }
        large.removeLast(large.count - (4 << 20))
        let clock = ContinuousClock()
        var encoded: [UInt8]?
        let elapsed = clock.measure { encoded = Compressor.compress(large, as: coding) }
        #expect(encoded != nil)
        let bytes = encoded ?? []
        #expect(bytes.count < large.count / 10)
        // Measured 15-60 ms at the default levels; a level of 10 or 11 would take seconds.
        #expect(elapsed < .seconds(2))
        try expectDecodes(bytes, coding, to: large)
    }

    /// Any collection of bytes, contiguous or not, gives the same bytes as its array.
    @Test(arguments: codings)
    func aNonContiguousCollectionCompressesTheSame(_ coding: ContentCoding) {
        let lazy = Timeline.synthetic.lazy.map { $0 }
        #expect(Compressor.compress(lazy, as: coding) == Compressor.compress(Timeline.synthetic, as: coding))
        #expect(Compressor.compress(Timeline.synthetic[...], as: coding) == Compressor.compress(Timeline.synthetic, as: coding))
    }

    /// No shared state: the same answer compressed on many threads at once gives the same bytes.
    @Test(arguments: codings)
    func concurrentCallsAgree(_ coding: ContentCoding) async {
        let expected = Compressor.compress(Timeline.synthetic, as: coding)
        let results = await withTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<64 { group.addTask { Compressor.compress(Timeline.synthetic, as: coding) } }
            return await group.reduce(into: [[UInt8]?]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == expected && $0 != nil })
    }

    /// The gzip window shrinks with the answer (as nginx's does) without changing what decodes,
    /// across the sizes where it changes: the window's edges (2^w - 262) and the bound's.
    @Test func windowSizesAtTheirEdgesRoundTrip() throws {
        let text = Array(repeating: Timeline.synthetic, count: 4).joined()
        for size in [1_024, 1_786, 1_787, 3_834, 3_835, 7_930, 7_931, 16_121, 16_122, 16_123, 32_505, 65_536] {
            let answer = Array(text.prefix(size))
            for coding in Self.codings {
                let encoded = Compressor.compress(answer, as: coding)
                #expect(encoded != nil, "\(coding) of \(size) bytes")
                try expectDecodes(encoded ?? [], coding, to: answer, "of \(size) bytes")
            }
        }
    }
}
