import Foundation

/// One span that `otlp-receiver.py` took from an OTLP/HTTP export, in the flat
/// shape it prints: ids as lowercase hex, times as nanoseconds since the epoch,
/// attributes as plain values (the resource's repeated on every span).
package struct ReceivedSpan: Sendable, Hashable {
    /// OTLP's `Span.SpanKind`.
    package enum Kind: Int, Sendable {
        case unspecified = 0, `internal`, server, client, producer, consumer
    }

    /// OTLP's `Status.StatusCode`.
    package enum StatusCode: Int, Sendable {
        case unset = 0, ok, error
    }

    package struct Event: Sendable, Hashable {
        package var name: String
        package var time: Int
        package var attributes: [String: AttributeValue]
    }

    package struct Link: Sendable, Hashable {
        package var traceID: String
        package var spanID: String
        package var attributes: [String: AttributeValue]
    }

    /// A line that is not the shape above; `field` names the first key that failed.
    package struct FormatError: Error {
        package var field: String
    }

    /// "protobuf" or "json": how the exporter sent it.
    package var encoding: String
    package var resource: [String: AttributeValue]
    /// The instrumentation scope's name.
    package var scope: String
    package var traceID: String
    package var spanID: String
    /// "" for a root span.
    package var parentSpanID: String
    package var traceState: String
    package var name: String
    package var kind: Kind
    package var start: Int
    package var end: Int
    package var attributes: [String: AttributeValue]
    package var events: [Event]
    package var links: [Link]
    package var statusCode: StatusCode
    package var statusMessage: String
    /// `Span.flags`: the W3C trace flags in bits 0–7 (1 = sampled), and whether
    /// the parent is remote in bits 8–9.
    package var flags: Int

    /// One printed span, as JSONSerialization parsed it.
    package init(json object: [String: Any]) throws {
        func field<T>(_ key: String, in object: [String: Any] = object, as type: T.Type = T.self) throws -> T {
            guard let value = object[key] as? T else { throw FormatError(field: key) }
            return value
        }
        func values(_ key: String, in object: [String: Any] = object) throws -> [String: AttributeValue] {
            guard let values = AttributeValue.attributes(json: object[key]) else { throw FormatError(field: key) }
            return values
        }
        encoding = try field("encoding")
        resource = try values("resource")
        scope = try field("scope")
        traceID = try field("traceId")
        spanID = try field("spanId")
        parentSpanID = try field("parentSpanId")
        traceState = try field("traceState")
        name = try field("name")
        guard let kind = Kind(rawValue: try field("kind")) else { throw FormatError(field: "kind") }
        self.kind = kind
        start = try field("start")
        end = try field("end")
        attributes = try values("attributes")
        events = try field("events", as: [[String: Any]].self).map { event in
            Event(name: try field("name", in: event), time: try field("time", in: event),
                  attributes: try values("attributes", in: event))
        }
        links = try field("links", as: [[String: Any]].self).map { link in
            Link(traceID: try field("traceId", in: link), spanID: try field("spanId", in: link),
                 attributes: try values("attributes", in: link))
        }
        let status = try field("status", as: [String: Any].self)
        guard let code = StatusCode(rawValue: try field("code", in: status)) else { throw FormatError(field: "status.code") }
        statusCode = code
        statusMessage = try field("message", in: status)
        flags = try field("flags")
    }

    /// Nanoseconds from start to end.
    package var duration: Int { end - start }
}
