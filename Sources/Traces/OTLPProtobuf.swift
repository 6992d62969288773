import Tracing

/// OTLP/HTTP's binary body: an `ExportTraceServiceRequest`
/// (opentelemetry-proto v1, collector/trace/v1/trace_service.proto) with one
/// resource, one instrumentation scope and the batch's spans. Field numbers
/// are the .proto files'; proto3 defaults (zero, empty) are left out, as
/// protobuf's own encoders do, except inside `AnyValue`'s `oneof`.
package enum OTLPProtobuf {
    package static func exportRequest(_ spans: [SpanRecord], resource: OTLPResource) -> [UInt8] {
        var writer = ProtobufWriter()
        // ExportTraceServiceRequest.resource_spans = 1
        writer.message(1) { resourceSpans in
            // ResourceSpans.resource = 1 { Resource.attributes = 1 }
            resourceSpans.message(1) { message in
                for attribute in resource.keyValues {
                    keyValue(1, attribute.name, .string(attribute.value), into: &message)
                }
            }
            // ResourceSpans.scope_spans = 2
            resourceSpans.message(2) { scopeSpans in
                // ScopeSpans.scope = 1 { InstrumentationScope.name = 1, version = 2 }
                scopeSpans.message(1) { scope in
                    scope.string(1, OTLPResource.sdkName)
                    if !resource.serviceVersion.isEmpty { scope.string(2, resource.serviceVersion) }
                }
                // ScopeSpans.spans = 2
                for span in spans {
                    scopeSpans.message(2) { message in self.span(span, into: &message) }
                }
            }
        }
        return writer.bytes
    }

    /// trace/v1/trace.proto `Span`.
    private static func span(_ span: SpanRecord, into message: inout ProtobufWriter) {
        message.bytes(1, span.context.traceID.bytes)
        message.bytes(2, span.context.spanID.bytes)
        if let traceState = span.context.traceState, !traceState.isEmpty { message.string(3, traceState) }
        if let parent = span.parentSpanID { message.bytes(4, parent.bytes) }
        message.string(5, span.name)
        message.varint(6, UInt64(span.kind.otlpValue))
        message.fixed64(7, span.startNanoseconds)
        message.fixed64(8, span.endNanoseconds)
        attributes(9, span.attributes, into: &message)
        count(10, span.droppedAttributes, into: &message)
        for event in span.events {
            // Span.Event: time_unix_nano = 1, name = 2, attributes = 3
            message.message(11) { message in
                message.fixed64(1, event.nanosecondsSinceEpoch)
                message.string(2, event.name)
                attributes(3, event.attributes, into: &message)
            }
        }
        count(12, span.droppedEvents, into: &message)
        for link in span.links {
            // Span.Link: trace_id = 1, span_id = 2, trace_state = 3, attributes = 4, flags = 6
            message.message(13) { message in
                message.bytes(1, link.context.traceID.bytes)
                message.bytes(2, link.context.spanID.bytes)
                if let traceState = link.context.traceState, !traceState.isEmpty { message.string(3, traceState) }
                attributes(4, link.attributes, into: &message)
                message.fixed32(6, link.otlpFlags)
            }
        }
        count(14, span.droppedLinks, into: &message)
        if let status = span.status {
            // Status: message = 2, code = 3 (1 is reserved)
            message.message(15) { message in
                if let text = status.message, !text.isEmpty { message.string(2, text) }
                message.varint(3, UInt64(status.otlpCode))
            }
        }
        if span.otlpFlags != 0 { message.fixed32(16, span.otlpFlags) }
    }

    /// A `uint32 dropped_*_count`, left out when zero.
    private static func count(_ field: Int, _ value: Int, into message: inout ProtobufWriter) {
        guard value > 0 else { return }
        message.varint(field, UInt64(UInt32(clamping: value)))
    }

    /// Every attribute as a repeated `KeyValue` field.
    private static func attributes(_ field: Int, _ attributes: SpanAttributes, into message: inout ProtobufWriter) {
        for attribute in OTLPAnyValue.keyValues(attributes) { keyValue(field, attribute.key, attribute.value, into: &message) }
    }

    /// common/v1/common.proto `KeyValue`: key = 1, value = 2.
    private static func keyValue(_ field: Int, _ key: String, _ value: OTLPAnyValue, into message: inout ProtobufWriter) {
        message.message(field) { keyValue in
            keyValue.string(1, key)
            keyValue.message(2) { anyValue(value, into: &$0) }
        }
    }

    /// `AnyValue`'s `oneof`: string_value = 1, bool_value = 2, int_value = 3,
    /// double_value = 4, array_value = 5 (`ArrayValue.values = 1`).
    private static func anyValue(_ value: OTLPAnyValue, into message: inout ProtobufWriter) {
        switch value {
        case .string(let string): message.string(1, string)
        case .bool(let flag): message.bool(2, flag)
        case .int(let number): message.int64(3, number)
        case .double(let number): message.double(4, number)
        case .array(let values):
            message.message(5) { array in
                for value in values { array.message(1) { anyValue(value, into: &$0) } }
            }
        }
    }
}
