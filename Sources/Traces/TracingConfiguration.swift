import HTTP1

/// How traces are made and exported, from OpenTelemetry's standard
/// environment variables (the options of `serve` set the same names).
/// Pure: `resolve` reads a dictionary, never the process's environment.
package struct TracingConfiguration: Equatable, Sendable {
    package enum ExportProtocol: String, Equatable, Sendable {
        case protobuf = "http/protobuf"
        case json = "http/json"
    }

    /// The batch span processor's bounds (`OTEL_BSP_*`).
    package struct Batching: Equatable, Sendable {
        /// Most time a finished span waits before its batch is sent.
        package var scheduleDelayMilliseconds = 5000
        /// Most time one export may take, connection included.
        package var exportTimeoutMilliseconds = 30000
        /// Finished spans waiting for export; past it, spans are dropped and counted.
        package var maxQueueSize = 2048
        /// Most spans in one export request.
        package var maxExportBatchSize = 512

        package init() {}
    }

    package struct Header: Equatable, Sendable {
        package var name: String
        package var value: String
    }

    /// The full URL spans are POSTed to.
    package var endpoint: String
    package var exportProtocol: ExportProtocol = .protobuf
    /// Sent with every export (`OTEL_EXPORTER_OTLP_HEADERS`): a managed collector's key, say.
    package var headers: [Header] = []
    package var serviceName = "moments-bff"
    /// `OTEL_RESOURCE_ATTRIBUTES`, in order, `service.name` excluded (it is `serviceName`).
    package var resourceAttributes: [Header] = []
    package var sampler: TraceSampler = .parentBased(root: .alwaysOn)
    package var batching = Batching()
    /// Most UTF-8 bytes of each string a span keeps (`OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT`).
    package var valueLengthLimit = defaultValueLengthLimit

    package init(endpoint: String) { self.endpoint = endpoint }

    /// The variables every value is read from, in `--help`'s order.
    package static let variables = [
        "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_PROTOCOL",
        "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
        "OTEL_SERVICE_NAME", "OTEL_RESOURCE_ATTRIBUTES", "OTEL_TRACES_SAMPLER", "OTEL_TRACES_SAMPLER_ARG",
        "OTEL_BSP_SCHEDULE_DELAY", "OTEL_BSP_EXPORT_TIMEOUT", "OTEL_BSP_MAX_QUEUE_SIZE", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE",
        "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT", "OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT", "OTEL_TRACES_EXPORTER", "OTEL_SDK_DISABLED",
    ]

    /// Bounds of the numbers read, beyond which a value is refused.
    package static let maxQueueSizeLimit = 65536
    package static let maxMilliseconds = 3_600_000
    package static let maxValueLengthLimit = 65536
    /// OpenTelemetry sets no limit; ours bounds what a client's path, agent,
    /// operation name or error can make a queued span hold (docs/operations.md, "Traces").
    package static let defaultValueLengthLimit = 1024

    /// The configuration `environment` describes; nil when tracing is off:
    /// no endpoint, `OTEL_TRACES_EXPORTER=none` or `OTEL_SDK_DISABLED=true`.
    /// A value that is set but invalid is an error, not ignored: a server
    /// that would silently trace nothing (or everything) is worse than one
    /// that does not start.
    package static func resolve(_ environment: [String: String]) throws(TracingConfigurationError) -> TracingConfiguration? {
        func value(_ name: String) -> String? {
            guard let value = environment[name]?.trimmingASCIISpaces, !value.isEmpty else { return nil }
            return value
        }
        if let disabled = value("OTEL_SDK_DISABLED")?.lowercased(), disabled == "true" { return nil }
        if let exporter = value("OTEL_TRACES_EXPORTER")?.lowercased() {
            if exporter == "none" { return nil }
            guard exporter == "otlp" else {
                throw TracingConfigurationError("OTEL_TRACES_EXPORTER", "only otlp (or none) is supported, not \(exporter)")
            }
        }
        let endpoint: String
        if let traces = value("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") {
            endpoint = try checkedURL(traces, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        } else if let base = value("OTEL_EXPORTER_OTLP_ENDPOINT") {
            let url = try checkedURL(base, "OTEL_EXPORTER_OTLP_ENDPOINT")
            endpoint = (url.hasSuffix("/") ? url : url + "/") + "v1/traces"
        } else {
            return nil
        }
        var configuration = TracingConfiguration(endpoint: endpoint)
        let protocolName = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
        if let name = value(protocolName).map({ (protocolName, $0) }) ?? value("OTEL_EXPORTER_OTLP_PROTOCOL").map({ ("OTEL_EXPORTER_OTLP_PROTOCOL", $0) }) {
            guard let chosen = ExportProtocol(rawValue: name.1) else {
                throw TracingConfigurationError(name.0, "http/protobuf or http/json (gRPC is not supported; send OTLP/HTTP to the collector's port 4318), not \(name.1)")
            }
            configuration.exportProtocol = chosen
        }
        var headers: [Header] = []
        for name in ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"] {
            guard let list = value(name) else { continue }
            for header in try keyValueList(list, name) {
                guard header.name.utf8.allSatisfy(ASCII.isTokenChar) else { throw TracingConfigurationError(name, "\(header.name) is no header name") }
                guard !header.value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                    throw TracingConfigurationError(name, "the value of \(header.name) holds a control character")
                }
                // The traces' own variable wins over the general one, name by name.
                headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
                headers.append(header)
            }
        }
        configuration.headers = headers
        if let attributes = value("OTEL_RESOURCE_ATTRIBUTES") {
            for attribute in try keyValueList(attributes, "OTEL_RESOURCE_ATTRIBUTES") {
                if attribute.name == "service.name" {
                    configuration.serviceName = attribute.value
                } else {
                    configuration.resourceAttributes.removeAll { $0.name == attribute.name }
                    configuration.resourceAttributes.append(attribute)
                }
            }
        }
        if let serviceName = value("OTEL_SERVICE_NAME") { configuration.serviceName = serviceName }
        configuration.sampler = try sampler(value("OTEL_TRACES_SAMPLER"), argument: value("OTEL_TRACES_SAMPLER_ARG"))
        var batching = Batching()
        batching.scheduleDelayMilliseconds = try number(value("OTEL_BSP_SCHEDULE_DELAY"), "OTEL_BSP_SCHEDULE_DELAY", 1...maxMilliseconds) ?? batching.scheduleDelayMilliseconds
        batching.exportTimeoutMilliseconds = try number(value("OTEL_BSP_EXPORT_TIMEOUT"), "OTEL_BSP_EXPORT_TIMEOUT", 1...maxMilliseconds) ?? batching.exportTimeoutMilliseconds
        batching.maxQueueSize = try number(value("OTEL_BSP_MAX_QUEUE_SIZE"), "OTEL_BSP_MAX_QUEUE_SIZE", 1...maxQueueSizeLimit) ?? batching.maxQueueSize
        batching.maxExportBatchSize = try number(value("OTEL_BSP_MAX_EXPORT_BATCH_SIZE"), "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 1...maxQueueSizeLimit) ?? batching.maxExportBatchSize
        // The specification: a batch larger than the queue is the queue.
        batching.maxExportBatchSize = min(batching.maxExportBatchSize, batching.maxQueueSize)
        configuration.batching = batching
        let lengthName = value("OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT") != nil
            ? "OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT" : "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT"
        configuration.valueLengthLimit = try number(value(lengthName), lengthName, 1...maxValueLengthLimit) ?? configuration.valueLengthLimit
        return configuration
    }

    /// `OTEL_TRACES_SAMPLER` and its argument; `parentbased_always_on` by default.
    static func sampler(_ name: String?, argument: String?) throws(TracingConfigurationError) -> TraceSampler {
        func ratio() throws(TracingConfigurationError) -> Double {
            guard let argument else { return 1 }
            guard let ratio = Double(argument), ratio >= 0, ratio <= 1 else {
                throw TracingConfigurationError("OTEL_TRACES_SAMPLER_ARG", "a ratio from 0 to 1, not \(argument)")
            }
            return ratio
        }
        switch name?.lowercased() ?? "parentbased_always_on" {
        case "always_on": return .alwaysOn
        case "always_off": return .alwaysOff
        case "traceidratio": return .traceIDRatio(try ratio())
        case "parentbased_always_on": return .parentBased(root: .alwaysOn)
        case "parentbased_always_off": return .parentBased(root: .alwaysOff)
        case "parentbased_traceidratio": return .parentBased(root: .traceIDRatio(try ratio()))
        case let other:
            throw TracingConfigurationError(
                "OTEL_TRACES_SAMPLER",
                "always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio, not \(other)")
        }
    }

    private static func number(_ text: String?, _ name: String, _ range: ClosedRange<Int>) throws(TracingConfigurationError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw TracingConfigurationError(name, "a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)")
        }
        return number
    }

    private static func checkedURL(_ url: String, _ name: String) throws(TracingConfigurationError) -> String {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.utf8.count > 8,
            !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
        else {
            throw TracingConfigurationError(name, "an http:// or https:// URL, not \(url)")
        }
        return url
    }

    /// `key1=value1,key2=value2` (the W3C Baggage format OpenTelemetry uses
    /// for headers and resource attributes), values percent-decoded.
    static func keyValueList(_ list: String, _ name: String) throws(TracingConfigurationError) -> [Header] {
        var result: [Header] = []
        for member in list.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = member.firstIndex(of: "=") else { throw TracingConfigurationError(name, "\(member) is no key=value pair") }
            let key = String(member[..<equals]).trimmingASCIISpaces
            guard !key.isEmpty, let value = percentDecoded(String(member[member.index(after: equals)...]).trimmingASCIISpaces) else {
                throw TracingConfigurationError(name, "\(member) is no key=value pair")
            }
            result.append(Header(name: key, value: value))
        }
        return result
    }

    /// `%XX` sequences as bytes; nil for a malformed one or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(ASCII.hexValue), let low = iterator.next().flatMap(ASCII.hexValue) else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: high << 4 | low))
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

package struct TracingConfigurationError: Error, Equatable, CustomStringConvertible {
    package var variable: String
    package var message: String

    init(_ variable: String, _ message: String) {
        self.variable = variable
        self.message = message
    }

    package var description: String { "\(variable): expected \(message)" }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingASCIISpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
