import Foundation
import Testing
import Tracing
@testable import Traces

/// Both OTLP/HTTP encodings of one batch, read back by the official OTLP
/// definitions (`ReferenceOTLPDecoder`), and the JSON one by a plain JSON parser.
struct OTLPEncodingTests {
    static let traceID = "0123456789abcdeffedcba9876543210"
    static let linkedTraceID = "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb"
    static let resource = OTLPResource(serviceName: "moments-test", serviceVersion: "1.2.3")

    /// A root SERVER span with every kind of attribute, an event and an error
    /// status, and its CLIENT child with a link to a remote span.
    static let batch: [SpanRecord] = {
        var root = SpanRecord.make(spanID: 0x1111_1111_1111_1111, name: "POST /graphql", kind: .server)
        root.context.traceState = "vendor=abc"
        root.attributes.set("http.route", value: .string("/graphql"))
        root.attributes.set("http.response.status_code", value: .int64(500))
        root.attributes.set("moments.offset", value: .int32(-7))
        root.attributes.set("moments.cached", value: .bool(false))
        root.attributes.set("moments.ratio", value: .double(0.25))
        root.attributes.set("moments.ids", value: .stringArray(["1", "2"]))
        root.attributes.set("moments.sizes", value: .int64Array([3, 4]))
        root.droppedAttributes = 2
        root.events = [
            SpanEvent(
                name: "exception", at: FixedInstant(nanosecondsSinceEpoch: 1_700_000_000_000_001_000),
                attributes: ["exception.type": "QueryError"])
        ]
        root.status = SpanStatus(code: .error, message: "boom")
        var child = SpanRecord.make(
            spanID: 0x2222_2222_2222_2222, parentSpanID: 0x1111_1111_1111_1111, name: "GET toggles", kind: .client,
            startNanoseconds: 1_700_000_000_000_002_000, durationNanoseconds: 1_000)
        let linked = SpanContext(
            traceID: TraceID(high: 0xAAAA_AAAA_AAAA_AAAA, low: 0xBBBB_BBBB_BBBB_BBBB), spanID: SpanID(0x3333_3333_3333_3333),
            isSampled: true, traceState: "other=1", isRemote: true)
        // Links are made by spans only (SpanRecord.Link's initialiser is the module's own).
        var linkedContext = InstrumentationContext.topLevel
        linkedContext.spanContext = linked
        let recorder = RecordingProcessor()
        let span = OTelTracer(sampler: .alwaysOn, processor: recorder).startSpan(
            "link holder", context: .topLevel, ofKind: .internal, at: FixedInstant(nanosecondsSinceEpoch: 1))
        span.addLink(SpanLink(context: linkedContext, attributes: ["link.reason": "retry"]))
        span.end(at: FixedInstant(nanosecondsSinceEpoch: 2))
        child.links = recorder.records.first?.links ?? []
        child.status = SpanStatus(code: .ok)
        return [root, child]
    }()

    @Test(.enabled(if: ReferenceOTLPDecoder.shouldRun, "\(ReferenceOTLPDecoder.skipReason)"))
    func theOfficialDefinitionsReadTheProtobufRequest() throws {
        let decoded = try ReferenceOTLPDecoder.decodeProtobuf(OTLPProtobuf.exportRequest(Self.batch, resource: Self.resource))
        try expectRequest(decoded, enumsByName: true)
    }

    @Test(.enabled(if: ReferenceOTLPDecoder.shouldRun, "\(ReferenceOTLPDecoder.skipReason)"))
    func theOfficialDefinitionsReadTheJSONRequestAsTheSameMessage() throws {
        let protobuf = OTLPProtobuf.exportRequest(Self.batch, resource: Self.resource)
        let decoded = try ReferenceOTLPDecoder.decodeJSON(OTLPJSON.exportRequest(Self.batch, resource: Self.resource))
        try expectRequest(decoded.message, enumsByName: true)
        // Protobuf's own serialisation of what the JSON says is our binary encoding, byte for byte.
        #expect(decoded.protobuf == protobuf)
    }

    @Test func theJSONRequestWritesHexIDsAndNanosecondsAsStrings() throws {
        let bytes = OTLPJSON.exportRequest(Self.batch, resource: Self.resource)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        try expectRequest(decoded, enumsByName: false)
        let spans = try Self.spans(decoded)
        #expect(spans[0]["startTimeUnixNano"] as? String == "1700000000000000000")
        #expect(spans[0]["endTimeUnixNano"] as? String == "1700000000005000000")
        #expect(spans[0]["kind"] as? Int == 2)
        #expect(spans[0]["flags"] as? Int == 1)
        let links = try #require(spans[1]["links"] as? [[String: Any]])
        #expect(links.first?["flags"] as? Int == 0x301)
    }

    @Test func aRootSpanHasNoParentIDAndAnEmptyBatchStillNamesTheResource() throws {
        let bytes = OTLPJSON.exportRequest([], resource: Self.resource)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"moments-test"}}"#))
        #expect(text.hasSuffix(#""scopeSpans":[{"scope":{"name":"moments-bff","version":"1.2.3"},"spans":[]}]}]}"#))
        #expect(!String(decoding: OTLPJSON.exportRequest(Array(Self.batch.prefix(1)), resource: Self.resource), as: UTF8.self)
            .contains("parentSpanId"))
    }

    @Test func configuredResourceAttributesComeAfterTheServiceNameAndWinOverTheDefaults() throws {
        let configuration = try #require(try TracingConfiguration.resolve([
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
            "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=test,service.version=9,service.name=named",
        ]))
        let resource = OTLPResource(configuration, serviceVersion: "1.2.3")
        #expect(resource.keyValues.map { "\($0.name)=\($0.value)" } == [
            "service.name=named", "deployment.environment=test", "service.version=9", "telemetry.sdk.name=moments-bff",
            "telemetry.sdk.language=swift", "telemetry.sdk.version=1.2.3",
        ])
    }

    // MARK: What both decodings must say

    /// `enumsByName`: `MessageToDict` names enum values; OTLP/JSON writes their numbers.
    private func expectRequest(_ request: [String: Any], enumsByName: Bool) throws {
        let resourceSpans = try #require((request["resourceSpans"] as? [[String: Any]])?.first)
        let resource = try #require((resourceSpans["resource"] as? [String: Any])?["attributes"])
        #expect(Self.attributes(resource) == [
            "service.name": #"{"stringValue":"moments-test"}"#, "service.version": #"{"stringValue":"1.2.3"}"#,
            "telemetry.sdk.name": #"{"stringValue":"moments-bff"}"#, "telemetry.sdk.language": #"{"stringValue":"swift"}"#,
            "telemetry.sdk.version": #"{"stringValue":"1.2.3"}"#,
        ])
        let scope = try #require((resourceSpans["scopeSpans"] as? [[String: Any]])?.first?["scope"] as? [String: Any])
        #expect(scope["name"] as? String == "moments-bff")
        #expect(scope["version"] as? String == "1.2.3")

        let spans = try Self.spans(request)
        try #require(spans.count == 2)
        let (root, child) = (spans[0], spans[1])
        #expect(root["traceId"] as? String == Self.traceID)
        #expect(root["spanId"] as? String == "1111111111111111")
        #expect(root["parentSpanId"] == nil)
        #expect(root["traceState"] as? String == "vendor=abc")
        #expect(root["name"] as? String == "POST /graphql")
        #expect(Self.text(root["kind"]) == (enumsByName ? "SPAN_KIND_SERVER" : "2"))
        #expect(root["startTimeUnixNano"] as? String == "1700000000000000000")
        #expect(root["endTimeUnixNano"] as? String == "1700000000005000000")
        #expect(Self.text(root["flags"]) == "1")
        #expect(Self.attributes(root["attributes"]) == [
            "http.route": #"{"stringValue":"\/graphql"}"#,
            "http.response.status_code": #"{"intValue":"500"}"#,
            "moments.offset": #"{"intValue":"-7"}"#,
            "moments.cached": #"{"boolValue":false}"#,
            "moments.ratio": #"{"doubleValue":0.25}"#,
            "moments.ids": #"{"arrayValue":{"values":[{"stringValue":"1"},{"stringValue":"2"}]}}"#,
            "moments.sizes": #"{"arrayValue":{"values":[{"intValue":"3"},{"intValue":"4"}]}}"#,
        ])
        #expect(Self.text(root["droppedAttributesCount"]) == "2")
        let event = try #require((root["events"] as? [[String: Any]])?.first)
        #expect(event["name"] as? String == "exception")
        #expect(event["timeUnixNano"] as? String == "1700000000000001000")
        #expect(Self.attributes(event["attributes"]) == ["exception.type": #"{"stringValue":"QueryError"}"#])
        let status = try #require(root["status"] as? [String: Any])
        #expect(status["message"] as? String == "boom")
        #expect(Self.text(status["code"]) == (enumsByName ? "STATUS_CODE_ERROR" : "2"))

        #expect(child["traceId"] as? String == Self.traceID)
        #expect(child["spanId"] as? String == "2222222222222222")
        #expect(child["parentSpanId"] as? String == "1111111111111111")
        #expect(child["traceState"] == nil)
        #expect(Self.text(child["kind"]) == (enumsByName ? "SPAN_KIND_CLIENT" : "3"))
        #expect(child["startTimeUnixNano"] as? String == "1700000000000002000")
        #expect(child["endTimeUnixNano"] as? String == "1700000000000003000")
        #expect(child["attributes"] == nil)
        let link = try #require((child["links"] as? [[String: Any]])?.first)
        #expect(link["traceId"] as? String == Self.linkedTraceID)
        #expect(link["spanId"] as? String == "3333333333333333")
        #expect(link["traceState"] as? String == "other=1")
        #expect(Self.text(link["flags"]) == "769")  // sampled | has is_remote | is_remote
        #expect(Self.attributes(link["attributes"]) == ["link.reason": #"{"stringValue":"retry"}"#])
        #expect(Self.text((child["status"] as? [String: Any])?["code"]) == (enumsByName ? "STATUS_CODE_OK" : "1"))
    }

    static func spans(_ request: [String: Any]) throws -> [[String: Any]] {
        let resourceSpans = try #require((request["resourceSpans"] as? [[String: Any]])?.first)
        return try #require((resourceSpans["scopeSpans"] as? [[String: Any]])?.first?["spans"] as? [[String: Any]])
    }

    /// `[{key, value}]` as key -> the value's JSON with sorted keys.
    private static func attributes(_ list: Any?) -> [String: String] {
        var result: [String: String] = [:]
        for entry in list as? [[String: Any]] ?? [] {
            guard let key = entry["key"] as? String, let value = entry["value"],
                let json = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
            else { continue }
            result[key] = String(decoding: json, as: UTF8.self)
        }
        return result
    }

    /// A string or a number as text, whichever the decoder chose.
    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}

extension OTLPEncodingTests {
    /// Messages whose length needs one, two and three varint bytes (a key and
    /// value under 128 bytes, one of 200, one of 20,000): the length written
    /// after the body is the one the official definitions read.
    @Test(.enabled(if: ReferenceOTLPDecoder.shouldRun, "\(ReferenceOTLPDecoder.skipReason)"))
    func lengthsOfOneTwoAndThreeBytesAreReadBack() throws {
        var record = SpanRecord.make(name: "lengths")
        let values = ["short": "s", "medium": String(repeating: "m", count: 200), "long": String(repeating: "l", count: 20_000)]
        for (key, value) in values { record.attributes.set(key, value: .string(value)) }
        let decoded = try ReferenceOTLPDecoder.decodeProtobuf(OTLPProtobuf.exportRequest([record], resource: Self.resource))
        let span = try #require(try Self.spans(decoded).first)
        #expect(span["name"] as? String == "lengths")
        var read: [String: String] = [:]
        for entry in span["attributes"] as? [[String: Any]] ?? [] {
            if let key = entry["key"] as? String, let value = (entry["value"] as? [String: Any])?["stringValue"] as? String { read[key] = value }
        }
        #expect(read == values)
    }
}
