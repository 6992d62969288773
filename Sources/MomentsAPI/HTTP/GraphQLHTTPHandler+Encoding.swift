import HTTP1
import HTTPCompression

/// Compressed answers (docs/http.md, "Compression"): `br` or `gzip` as
/// `Accept-Encoding` prefers, for answers of at least
/// `Compressor.minimumBytes`; shorter ones, streams and bodiless answers go
/// out as they are. An answer the response cache keeps is compressed once
/// per coding, on a handler thread, and its compressed bytes are kept
/// beside it, so the I/O thread only ever sends kept bytes.
extension GraphQLHTTPHandler {
    /// The codings offered, in the server's order of preference: `br` is
    /// smaller than `gzip` at the levels chosen (docs/performance.md).
    static let offeredCodings: [ContentCoding] = [.br, .gzip, .identity]

    /// The coding `request` prefers among ours; `identity` when it accepts none.
    static func preferredCoding(of request: HTTPRequest) -> ContentCoding {
        // Most requests of a benchmark or a tool send none: no list to make.
        guard request.headers.contains("Accept-Encoding") else { return .identity }
        return ContentCoding.preferred(request.headers.values("Accept-Encoding"), offered: offeredCodings) ?? .identity
    }

    /// Whether an answer of `count` bytes is compressed when asked: one that
    /// is not never varies by `Accept-Encoding`.
    static func isCompressible(_ count: Int) -> Bool {
        count >= Compressor.minimumBytes
    }

    /// A representation's entity tag from the plain answer's: strong tags
    /// differ per content coding (RFC 9110 §8.8.3), `"T"` becomes `"T-br"`.
    static func entityTag(_ tag: String, in coding: ContentCoding) -> String {
        guard coding != .identity, tag.hasSuffix("\""), tag.utf8.count >= 2 else { return tag }
        return String(tag.dropLast()) + "-" + coding.headerValue + "\""
    }

    /// Says that `response`, whose plain answer has `plainCount` bytes, is in
    /// `coding`: `Content-Encoding`, the coding's entity tag, and `Vary:
    /// Accept-Encoding` whenever it could have been compressed.
    static func label(_ response: inout HTTPResponse, coding: ContentCoding, plainCount: Int) {
        guard isCompressible(plainCount) else { return }
        response.headers.add("Vary", "Accept-Encoding")
        guard coding != .identity else { return }
        response.headers.add("Content-Encoding", coding.headerValue)
        if let tag = response.headers["ETag"] { response.headers.set("ETag", entityTag(tag, in: coding)) }
    }

    /// `response` (a plain answer) in `request`'s coding, compressed here;
    /// with `kept` (the response cache's key of this answer and the serial of
    /// its keeping), the compressed bytes are kept beside that cached answer.
    /// An answer already labelled, a stream, a bodiless status or a short
    /// answer is returned as it is.
    func encoded(
        _ response: HTTPResponse, for request: HTTPRequest, kept: (key: ResponseCache.Key, serial: UInt64)? = nil
    ) -> HTTPResponse {
        guard response.stream == nil, response.status != .noContent, response.status != .notModified,
              !response.headers.contains("Content-Encoding"),
              // Labelled plain already (`label`): no list made, as this runs for every answer.
              !response.headers.fields.contains(where: { $0.value == "Accept-Encoding" && HTTPHeaders.equalNames($0.name, "Vary") })
        else { return response }
        let plain = response.body
        guard Self.isCompressible(plain.count) else { return response }
        var encoded = response
        var coding = Self.preferredCoding(of: request)
        if coding != .identity {
            // Nil: the coding would not shorten it (never seen for JSON this long): sent plain, labelled as such.
            if let compressed = Compressor.compress(plain, as: coding) {
                encoded.body = compressed
                if let kept { responseCache?.storeEncoded(kept.key, serial: kept.serial, coding: coding, compressed) }
            } else {
                coding = .identity
            }
        }
        Self.label(&encoded, coding: coding, plainCount: plain.count)
        return encoded
    }
}
