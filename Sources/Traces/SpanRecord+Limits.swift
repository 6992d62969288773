import Tracing

extension SpanRecord {
    /// The record with every string it holds cut to at most `limit` UTF-8
    /// bytes, never inside a Unicode scalar (`OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT`):
    /// attribute values (each element of an array), its name, its status's
    /// description, and its events' and links' attributes. Clients choose some
    /// of these (a path, a `User-Agent`, an operation's name, an error that quotes
    /// the document), so this bounds what a queued span can hold.
    package func limitingValues(to limit: Int) -> SpanRecord {
        var record = self
        record.name = name.prefix(utf8Bytes: limit)
        record.attributes = Self.limiting(attributes, to: limit)
        if let status, let message = status.message, message.utf8.count > limit {
            record.status = SpanStatus(code: status.code, message: message.prefix(utf8Bytes: limit))
        }
        record.events = events.map { event in
            var event = event
            event.attributes = Self.limiting(event.attributes, to: limit)
            return event
        }
        record.links = links.map { Link(context: $0.context, attributes: Self.limiting($0.attributes, to: limit)) }
        return record
    }

    /// `attributes` unchanged (not copied) when no string in them is longer than `limit`.
    static func limiting(_ attributes: SpanAttributes, to limit: Int) -> SpanAttributes {
        var longest = 0
        attributes.forEach { _, value in longest = max(longest, value.longestString) }
        guard longest > limit else { return attributes }
        var limited = SpanAttributes()
        attributes.forEach { name, value in limited.set(name, value: value.limiting(to: limit)) }
        return limited
    }
}

extension SpanAttribute {
    /// The UTF-8 length of its longest string (a description for `stringConvertible`); 0 for numbers.
    var longestString: Int {
        switch self {
        case .string(let value): value.utf8.count
        case .stringArray(let values): values.map(\.utf8.count).max() ?? 0
        case .stringConvertible(let value): value.description.utf8.count
        case .stringConvertibleArray(let values): values.map(\.description.utf8.count).max() ?? 0
        default: 0
        }
    }

    /// Its strings cut to `limit` bytes; a `stringConvertible` becomes the string it describes.
    func limiting(to limit: Int) -> SpanAttribute {
        switch self {
        case .string(let value): .string(value.prefix(utf8Bytes: limit))
        case .stringArray(let values): .stringArray(values.map { $0.prefix(utf8Bytes: limit) })
        case .stringConvertible(let value): .string(value.description.prefix(utf8Bytes: limit))
        case .stringConvertibleArray(let values): .stringArray(values.map { $0.description.prefix(utf8Bytes: limit) })
        default: self
        }
    }
}

extension String {
    /// At most `limit` of its UTF-8 bytes, never cutting a scalar in two
    /// (a continuation byte, 0b10xxxxxx, is never where the cut lands).
    func prefix(utf8Bytes limit: Int) -> String {
        let bytes = utf8
        guard bytes.count > limit else { return self }
        var end = bytes.index(bytes.startIndex, offsetBy: max(0, limit))
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
        return String(Substring(bytes[..<end]))
    }
}
