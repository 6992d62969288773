import JSON
import Tracing

/// OTLP/HTTP's JSON body: the same `ExportTraceServiceRequest` as
/// `OTLPProtobuf`, in the protobuf JSON mapping with OTLP's exceptions
/// (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding): lowerCamelCase
/// field names, `traceId`/`spanId` as lowercase hex rather than base64,
/// enums as integers, 64-bit integers as decimal strings.
package enum OTLPJSON {
    package static func exportRequest(_ spans: [SpanRecord], resource: OTLPResource) -> [UInt8] {
        var scope = object([("name", .string(OTLPResource.sdkName))])
        if !resource.serviceVersion.isEmpty { scope.appendUnique("version", .string(resource.serviceVersion)) }
        let resourceAttributes = resource.keyValues.map { keyValue($0.name, .string($0.value)) }
        let resourceSpans = object([
            ("resource", .object(object([("attributes", .array(resourceAttributes))]))),
            ("scopeSpans", .array([.object(object([("scope", .object(scope)), ("spans", .array(spans.map(span)))]))])),
        ])
        var buffer: [UInt8] = []
        JSONWriter.write(.object(object([("resourceSpans", .array([.object(resourceSpans)]))])), into: &buffer)
        return buffer
    }

    private static func span(_ span: SpanRecord) -> JSONValue {
        var members = object([("traceId", .string(span.context.traceID.hex)), ("spanId", .string(span.context.spanID.hex))])
        if let traceState = span.context.traceState, !traceState.isEmpty { members.appendUnique("traceState", .string(traceState)) }
        if let parent = span.parentSpanID { members.appendUnique("parentSpanId", .string(parent.hex)) }
        if span.otlpFlags != 0 { members.appendUnique("flags", .int(Int(span.otlpFlags))) }
        members.appendUnique("name", .string(span.name))
        members.appendUnique("kind", .int(span.kind.otlpValue))
        members.appendUnique("startTimeUnixNano", .string(String(span.startNanoseconds)))
        members.appendUnique("endTimeUnixNano", .string(String(span.endNanoseconds)))
        if !span.attributes.isEmpty { members.appendUnique("attributes", attributes(span.attributes)) }
        count("droppedAttributesCount", span.droppedAttributes, into: &members)
        if !span.events.isEmpty {
            members.appendUnique("events", .array(span.events.map { event in
                var members = object([("timeUnixNano", .string(String(event.nanosecondsSinceEpoch))), ("name", .string(event.name))])
                if !event.attributes.isEmpty { members.appendUnique("attributes", attributes(event.attributes)) }
                return .object(members)
            }))
        }
        count("droppedEventsCount", span.droppedEvents, into: &members)
        if !span.links.isEmpty {
            members.appendUnique("links", .array(span.links.map { link in
                var members = object([("traceId", .string(link.context.traceID.hex)), ("spanId", .string(link.context.spanID.hex))])
                if let traceState = link.context.traceState, !traceState.isEmpty { members.appendUnique("traceState", .string(traceState)) }
                if !link.attributes.isEmpty { members.appendUnique("attributes", attributes(link.attributes)) }
                members.appendUnique("flags", .int(Int(link.otlpFlags)))
                return .object(members)
            }))
        }
        count("droppedLinksCount", span.droppedLinks, into: &members)
        if let status = span.status {
            var statusMembers = JSONObject()
            if let text = status.message, !text.isEmpty { statusMembers.appendUnique("message", .string(text)) }
            statusMembers.appendUnique("code", .int(status.otlpCode))
            members.appendUnique("status", .object(statusMembers))
        }
        return .object(members)
    }

    /// A `uint32 dropped*Count` (a JSON number: only 64-bit integers are strings), left out when zero.
    private static func count(_ name: String, _ value: Int, into members: inout JSONObject) {
        guard value > 0 else { return }
        members.appendUnique(name, .int(Int(UInt32(clamping: value))))
    }

    private static func attributes(_ attributes: SpanAttributes) -> JSONValue {
        .array(OTLPAnyValue.keyValues(attributes).map { keyValue($0.key, $0.value) })
    }

    private static func keyValue(_ key: String, _ value: OTLPAnyValue) -> JSONValue {
        .object(object([("key", .string(key)), ("value", anyValue(value))]))
    }

    private static func anyValue(_ value: OTLPAnyValue) -> JSONValue {
        switch value {
        case .string(let string): .object(object([("stringValue", .string(string))]))
        case .bool(let flag): .object(object([("boolValue", .bool(flag))]))
        case .int(let number): .object(object([("intValue", .string(String(number)))]))
        case .double(let number): .object(object([("doubleValue", double(number))]))
        case .array(let values): .object(object([("arrayValue", .object(object([("values", .array(values.map(anyValue)))])))]))
        }
    }

    /// Protobuf's JSON mapping spells the doubles JSON has no number for as strings.
    private static func double(_ number: Double) -> JSONValue {
        if number.isNaN { return .string("NaN") }
        if number.isInfinite { return .string(number < 0 ? "-Infinity" : "Infinity") }
        return .double(number)
    }

    /// Members whose keys are known to differ, without `JSONObject`'s lookup per key.
    private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        var object = JSONObject()
        object.reserveCapacity(members.count)
        for (key, value) in members { object.appendUnique(key, value) }
        return object
    }
}
