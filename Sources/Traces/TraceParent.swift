/// W3C Trace Context (Level 1): the `traceparent` and `tracestate` request
/// headers read and written. Pure functions over the headers' bytes.
package enum TraceParent {
    /// `tracestate` kept up to this many bytes (the spec's 32 members of
    /// 256 bytes could be 8 KiB; vendors may truncate it, and 512 is what it
    /// asks every vendor to pass on).
    package static let maxTraceStateBytes = 512

    /// The caller's span from `traceparent` (and `tracestate`), or nil when
    /// the header is absent or invalid: then the request starts a trace.
    /// §3.2: version 2 hex digits (`ff` invalid); version `00` is exactly 55
    /// bytes; a later version is read as `00` and may go on after a `-`.
    /// Trace and parent id must not be all zero; hex digits are lowercase.
    package static func parse(_ traceparent: String, traceState: String? = nil) -> SpanContext? {
        var value = traceparent
        return value.withUTF8 { bytes -> SpanContext? in
            guard bytes.count >= 55 else { return nil }
            guard let version = HexDigits.value(bytes[0..<2]), version != 0xFF else { return nil }
            if version == 0 { guard bytes.count == 55 else { return nil } } else if bytes.count > 55, bytes[55] != UInt8(ascii: "-") { return nil }
            let dash = UInt8(ascii: "-")
            guard bytes[2] == dash, bytes[35] == dash, bytes[52] == dash,
                let high = HexDigits.value(bytes[3..<19]), let low = HexDigits.value(bytes[19..<35]),
                let parent = HexDigits.value(bytes[36..<52]), let flags = HexDigits.value(bytes[53..<55])
            else { return nil }
            let traceID = TraceID(high: high, low: low)
            let spanID = SpanID(parent)
            guard traceID.isValid, spanID.isValid else { return nil }
            return SpanContext(
                traceID: traceID, spanID: spanID, isSampled: flags & 1 == 1, traceState: traceState.flatMap(validTraceState),
                isRemote: true)
        }
    }

    /// `00-TRACEID-SPANID-FLAGS` for `context`.
    package static func format(_ context: SpanContext) -> String {
        "00-\(context.traceID.hex)-\(context.spanID.hex)-\(context.isSampled ? "01" : "00")"
    }

    /// `tracestate` as received when it fits `maxTraceStateBytes` and holds
    /// only visible ASCII, spaces and tabs; otherwise none (the spec lets a
    /// vendor drop what it cannot pass on whole).
    static func validTraceState(_ value: String) -> String? {
        let bytes = value.utf8
        guard !bytes.isEmpty, bytes.count <= maxTraceStateBytes,
            bytes.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x09 })
        else { return nil }
        return value
    }
}
