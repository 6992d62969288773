import Tracing

/// An attribute value as OTLP's `AnyValue` holds it, for both encodings:
/// `SpanAttribute`'s cases mapped once (int32 widened to int64, anything
/// `CustomStringConvertible` as its description).
enum OTLPAnyValue {
    case string(String)
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case array([OTLPAnyValue])

    /// Nil for the library's placeholder case, which no span holds.
    init?(_ attribute: SpanAttribute) {
        switch attribute {
        case .int32(let value): self = .int(Int64(value))
        case .int64(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .stringConvertible(let value): self = .string(value.description)
        case .int32Array(let values): self = .array(values.map { .int(Int64($0)) })
        case .int64Array(let values): self = .array(values.map { .int($0) })
        case .doubleArray(let values): self = .array(values.map { .double($0) })
        case .boolArray(let values): self = .array(values.map { .bool($0) })
        case .stringArray(let values): self = .array(values.map { .string($0) })
        case .stringConvertibleArray(let values): self = .array(values.map { .string($0.description) })
        default: return nil
        }
    }

    /// `attributes` in the dictionary's order: collectors do not care, and the
    /// two encodings of one span list them alike (sorting them cost more than
    /// writing them).
    static func keyValues(_ attributes: SpanAttributes) -> [(key: String, value: OTLPAnyValue)] {
        var result: [(key: String, value: OTLPAnyValue)] = []
        result.reserveCapacity(attributes.count)
        attributes.forEach { key, attribute in
            if let value = OTLPAnyValue(attribute) { result.append((key, value)) }
        }
        return result
    }
}

extension SpanKind {
    /// `Span.SpanKind`: INTERNAL 1, SERVER 2, CLIENT 3, PRODUCER 4, CONSUMER 5 (0 is unspecified).
    var otlpValue: Int {
        switch self {
        case .internal: 1
        case .server: 2
        case .client: 3
        case .producer: 4
        case .consumer: 5
        }
    }
}

extension SpanStatus {
    /// `Status.StatusCode`: OK 1, ERROR 2 (UNSET, 0, is a span without status).
    var otlpCode: Int {
        switch code {
        case .ok: 1
        case .error: 2
        }
    }
}

extension SpanRecord {
    /// `Span.flags` (`SpanFlags`): the W3C trace flags in the low byte. Bits 8
    /// and 9 would say whether the parent is remote, which the record does not
    /// keep; left unset, they mean "unknown".
    var otlpFlags: UInt32 { context.isSampled ? 0x01 : 0 }
}

extension SpanRecord.Link {
    /// `Link.flags`: the W3C trace flags, then bit 8 "whether the linked span
    /// is remote is known" and bit 9 "it is remote" (a context read from `traceparent`).
    var otlpFlags: UInt32 { (context.isSampled ? 0x01 : 0) | 0x100 | (context.isRemote ? 0x200 : 0) }
}
