import CBrotli
import CZlib
import HTTP1

/// Compresses a whole answer in one call, for `Content-Encoding`: `gzip`
/// (RFC 1952) through zlib's deflate, `br` (RFC 7932) through brotli's
/// one-shot encoder, both Debian's libraries. Never streams: an answer is
/// compressed once it is complete (a streamed answer goes out as it is).
///
/// Thread-safe with no shared state: each call makes and ends its own
/// encoder (zlib's and brotli's working memory, allocated by them per call)
/// and allocates one array, the output.
package enum Compressor {
    /// zlib's level for `gzip`, for answers made per request: the knee of size
    /// against CPU on the app's timelines, docs/performance.md ("Compression levels").
    package static let gzipLevel = 6
    /// brotli's quality for `br`, the same way: 12 % smaller than gzip 6 on the
    /// synthetic timeline for 1.6 times its CPU; 4 is no smaller than gzip 6,
    /// 10 and 11 cost 70 to 230 times as much (milliseconds per answer).
    package static let brotliQuality = 5
    /// Answers shorter than this stay plain: below it an answer and its head
    /// fit one TCP segment compressed or not, so a call (6 to 33 µs) saves
    /// bytes of a packet sent anyway and no round trip. docs/performance.md
    /// ("Compression levels") has the measurements.
    package static let minimumBytes = 1_024

    /// zlib's levels that compress (0 only stores): 1 is fastest, 9 searches hardest.
    package static let gzipLevels = 1...9
    /// brotli's qualities (BROTLI_MIN_QUALITY...BROTLI_MAX_QUALITY).
    package static let brotliQualities = 0...11

    /// `bytes` in `coding`, at `level` (a zlib level in `gzipLevels` for
    /// `gzip`, a quality in `brotliQualities` for `br`; nil takes
    /// `gzipLevel` or `brotliQuality`).
    ///
    /// Returns nil when the answer should go out plain instead: for
    /// `identity`; when the coding would not make it shorter (random or
    /// already compressed bytes, an empty answer); or when the library
    /// fails (out of memory). The caller then sends `bytes` without
    /// `Content-Encoding`. It does not look at `minimumBytes`: that is the
    /// caller's to check first, since a call costs its encoder's setup.
    ///
    /// The array's capacity is the library's bound for the input (a little
    /// over its length); it is meant to be written out or copied (as the
    /// response cache copies into its blocks), not kept as it is. Bytes
    /// without contiguous storage (a lazy view) are copied into an array first.
    package static func compress(_ bytes: some Collection<UInt8>, as coding: ContentCoding, level: Int? = nil) -> [UInt8]? {
        if let result = bytes.withContiguousStorageIfAvailable({ compress(UnsafeRawBufferPointer($0), as: coding, level: level) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { compress($0, as: coding, level: level) }
    }

    static func compress(_ bytes: UnsafeRawBufferPointer, as coding: ContentCoding, level: Int?) -> [UInt8]? {
        let encoded: [UInt8]?
        switch coding {
        case .identity:
            return nil
        case .gzip:
            let level = level ?? gzipLevel
            precondition(gzipLevels.contains(level), "zlib level \(level) outside \(gzipLevels)")
            encoded = gzip(bytes, level: Int32(level))
        case .br:
            let quality = level ?? brotliQuality
            precondition(brotliQualities.contains(quality), "brotli quality \(quality) outside \(brotliQualities)")
            encoded = brotli(bytes, quality: Int32(quality))
        }
        guard let encoded, encoded.count < bytes.count else { return nil }
        return encoded
    }

    /// RFC 1952's member: deflate with zlib's gzip wrapper (windowBits + 16:
    /// a header with no name or time, then CRC-32 and length), finished in one
    /// `deflate(Z_FINISH)` into `deflateBound`'s room.
    ///
    /// The window and the hash shrink with the input as nginx's gzip filter
    /// shrinks them (`ngx_http_gzip_filter_memory`): a window larger than the
    /// answer finds nothing more, and its tables cost zlib an allocation and a
    /// clearing per call (zconf.h: 2^(windowBits+2) + 2^(memLevel+9) bytes, 256 KiB at
    /// 15 and 8; 32 KiB at 12 and 5, for a 2.5 KB answer).
    static func gzip(_ bytes: UnsafeRawBufferPointer, level: Int32) -> [UInt8]? {
        // avail_in is 32 bits; answers are capped far below (4 MiB by default).
        guard let length = uInt(exactly: bytes.count) else { return nil }
        var windowBits = 15
        var memoryLevel = 8
        // deflate cannot reach back further than the window less MIN_LOOKAHEAD (262 bytes).
        while windowBits > 9, bytes.count < (1 << (windowBits - 1)) - 262 {
            windowBits -= 1
            memoryLevel -= 1
        }
        memoryLevel = max(memoryLevel, 1)
        return withUnsafeTemporaryAllocation(of: z_stream.self, capacity: 1) { streams -> [UInt8]? in
            // zlib keeps the stream's address in its state and checks it on every call: the
            // stream lives in this allocation, not in a Swift variable that may move.
            guard let stream = streams.baseAddress else { return nil }
            stream.initialize(to: z_stream())
            guard czlib_deflate_init2(stream, level, Z_DEFLATED, Int32(windowBits + 16), Int32(memoryLevel), Z_DEFAULT_STRATEGY) == Z_OK
            else { return nil }
            defer { deflateEnd(stream) }
            let bound = Int(deflateBound(stream, uLong(length)))
            guard let room = uInt(exactly: bound) else { return nil }
            var finished = false
            let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                // zlib.h declares next_in without const (z_const is empty unless ZLIB_CONST); deflate only reads it.
                stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
                stream.pointee.avail_in = length
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = room
                finished = deflate(stream, Z_FINISH) == Z_STREAM_END
                count = finished ? Int(stream.pointee.total_out) : 0
            }
            return finished ? output : nil
        }
    }

    /// RFC 7932's stream from `BrotliEncoderCompress`, into
    /// `BrotliEncoderMaxCompressedSize`'s room. The window is the smallest
    /// that holds the answer, as the brotli program picks it for a file of
    /// known size: no larger ring buffer to allocate for nothing.
    static func brotli(_ bytes: UnsafeRawBufferPointer, quality: Int32) -> [UInt8]? {
        var windowBits = Int(BROTLI_MIN_WINDOW_BITS)
        // BROTLI_MAX_BACKWARD_LIMIT(W) = 2^W - 16: how far back a window of W bits reaches.
        while windowBits < Int(BROTLI_MAX_WINDOW_BITS), (1 << windowBits) - 16 < bytes.count { windowBits += 1 }
        let bound = BrotliEncoderMaxCompressedSize(bytes.count)
        // 0: the input is too large for the bound to be a size_t.
        guard bound > 0 else { return nil }
        var succeeded = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            guard let out = buffer.baseAddress else { return }
            var size = bound
            succeeded =
                BrotliEncoderCompress(
                    quality, Int32(windowBits), BROTLI_MODE_GENERIC, bytes.count,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), &size, out) == BROTLI_TRUE
            count = succeeded ? min(size, bound) : 0
        }
        return succeeded ? output : nil
    }
}
