import CCurl
import HTTP1

/// One bounded HTTP exchange through libcurl: a thin wrapper of our own over
/// the easy interface, for background threads that send one request at a
/// time (the toggle fetch's GET, the trace export's POST).
package struct CurlRequest: Sendable {
    package var url: String
    package var headers: [(name: String, value: String)]
    /// Sent with POST when non-nil; GET otherwise.
    package var body: [UInt8]?
    /// The whole transfer, connection included.
    package var timeoutSeconds: Double
    /// A larger body aborts the transfer.
    package var maxBodyBytes: Int

    package init(
        url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil, timeoutSeconds: Double, maxBodyBytes: Int
    ) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
    }
}

package struct CurlResponse: Sendable {
    package var status: Int
    /// The ETag header's value when it is a valid entity-tag (`EntityTag`), else nil.
    package var etag: String?
    package var body: [UInt8]
}

package enum CurlError: Error, Equatable, CustomStringConvertible {
    case setup(String)
    case bodyTooLarge(limit: Int)
    case timedOut(seconds: Double)
    /// Any other libcurl failure, with its code and message.
    case transfer(code: Int, message: String)

    package var description: String {
        switch self {
        case .setup(let what): "libcurl setup failed: \(what)"
        case .bodyTooLarge(let limit): "response body over the limit of \(limit) bytes"
        case .timedOut(let seconds): "no complete response within \(seconds) s"
        case .transfer(let code, let message): "libcurl error \(code): \(message)"
        }
    }
}

package enum CurlClient {
    /// Sends `request` (GET, or POST with its body) and returns the response; blocks for at most its timeout.
    package static func perform(_ request: CurlRequest) throws(CurlError) -> CurlResponse {
        try loadLibcurl()
        guard let handle = ccurl_easy_init() else { throw .setup("curl_easy_init") }
        defer { ccurl_easy_cleanup(handle) }
        let sink = ResponseSink(limit: request.maxBodyBytes)
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }

        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { ccurl_slist_free_all(headerList) }
        for header in request.headers {
            // Header values come from options and the previous ETag; CR/LF would split the request.
            guard !header.value.contains(where: { $0 == "\r" || $0 == "\n" }) else { throw .setup("header \(header.name) holds a line break") }
            headerList = ccurl_slist_append(headerList, "\(header.name): \(header.value)")
        }

        let timeoutMilliseconds = max(1, Int(request.timeoutSeconds * 1000))
        var codes: [CURLcode] = [
            ccurl_setopt_string(handle, CURLOPT_URL, request.url),
            ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),  // no SIGALRM: we run on our own thread
            ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMilliseconds),
            ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds),
            ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_long(handle, CURLOPT_MAXFILESIZE, request.maxBodyBytes),
            ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),  // any encoding libcurl decodes
            ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList),
            ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().appendBody(data, size * count)
            }),
            ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque()),
            ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().appendHeader(data, size * count)
            }),
            ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque()),
        ]
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            throw .setup(String(cString: ccurl_easy_strerror(failed)))
        }
        codes.removeAll()
        if let body = request.body {
            // COPYPOSTFIELDS: libcurl keeps its own copy of the bytes, whose storage need not outlive this call.
            let set = body.withUnsafeBytes { bytes in
                [
                    ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, bytes.count),
                    bytes.baseAddress.map { ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0)) }
                        ?? ccurl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, ""),
                ]
            }
            if let failed = set.first(where: { $0 != CURLE_OK }) { throw .setup(String(cString: ccurl_easy_strerror(failed))) }
        }

        let result = ccurl_easy_perform(handle)
        if sink.overflowed || result == CURLE_FILESIZE_EXCEEDED { throw .bodyTooLarge(limit: request.maxBodyBytes) }
        if result == CURLE_OPERATION_TIMEDOUT { throw .timedOut(seconds: request.timeoutSeconds) }
        guard result == CURLE_OK else {
            throw .transfer(code: Int(result.rawValue), message: String(cString: ccurl_easy_strerror(result)))
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return CurlResponse(status: status, etag: sink.etag, body: sink.body)
    }

    /// Maps libcurl into the process on the first fetch (Sources/CCurl says
    /// why it is not linked) and runs curl_global_init, once.
    private static func loadLibcurl() throws(CurlError) {
        var message = [CChar](repeating: 0, count: 256)
        guard ccurl_load(&message, message.count) == 0 else { return }
        throw .setup(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

/// Collects one response; refuses body bytes past the limit (returning
/// fewer bytes than offered makes libcurl abort the transfer).
private final class ResponseSink {
    let limit: Int
    var body: [UInt8] = []
    var etag: String?
    var overflowed = false
    private var headerBytes = 0

    init(limit: Int) { self.limit = limit }

    func appendBody(_ data: UnsafeMutablePointer<CChar>, _ length: Int) -> Int {
        guard body.count + length <= limit else {
            overflowed = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        return length
    }

    /// Called once per header line, for every response (a redirect's too: we
    /// do not follow them, so there is one). Only ETag is kept, and only a valid
    /// one (`EntityTag`), checked on the raw bytes; 64 KiB of headers at most.
    func appendHeader(_ data: UnsafeMutablePointer<CChar>, _ length: Int) -> Int {
        headerBytes += length
        guard headerBytes <= 64 << 10 else { return 0 }
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        if Self.startsCaseInsensitively(line, with: "http/") { etag = nil }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon == 4, Self.startsCaseInsensitively(line, with: "etag") else {
            return length
        }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        var value = line[(colon + 1)...]
        while let first = value.first, whitespace.contains(first) { value = value.dropFirst() }
        while let last = value.last, whitespace.contains(last) { value = value.dropLast() }
        etag = EntityTag.validated(value)
        return length
    }

    /// ASCII case-insensitive prefix test; `prefix` is lowercase.
    private static func startsCaseInsensitively(_ line: [UInt8], with prefix: String) -> Bool {
        let expected = Array(prefix.utf8)
        guard line.count >= expected.count else { return false }
        return zip(line, expected).allSatisfy { byte, lower in
            byte == lower || ((0x41...0x5A).contains(byte) && byte | 0x20 == lower)
        }
    }
}
