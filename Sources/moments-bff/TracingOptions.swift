import ArgumentParser
import FoundationEssentials
import Traces

/// OpenTelemetry traces (docs/operations.md, "Traces"): each option sets the
/// standard environment variable of its name, which it falls back to; with
/// no endpoint, nothing is traced.
struct TracingOptions: ParsableArguments {
    @Option(name: .customLong("otel-exporter-otlp-endpoint"), help: "The OTLP/HTTP collector's base URL; spans go to URL/v1/traces. [OTEL_EXPORTER_OTLP_ENDPOINT] (default: none: no traces)")
    var endpoint: String?

    @Option(name: .customLong("otel-exporter-otlp-traces-endpoint"), help: "The full URL spans are POSTed to, instead. [OTEL_EXPORTER_OTLP_TRACES_ENDPOINT]")
    var tracesEndpoint: String?

    @Option(name: .customLong("otel-exporter-otlp-protocol"), help: "http/protobuf or http/json. [OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL] (default: http/protobuf)")
    var exportProtocol: String?

    @Option(name: .customLong("otel-exporter-otlp-headers"), help: "Headers sent with each export, as key=value,... (percent-encoded values); prefer the variable for secrets. [OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TRACES_HEADERS]")
    var headers: String?

    @Option(name: .customLong("otel-service-name"), help: "The service.name of every span. [OTEL_SERVICE_NAME] (default: moments-bff)")
    var serviceName: String?

    @Option(name: .customLong("otel-resource-attributes"), help: "More resource attributes, as key=value,... [OTEL_RESOURCE_ATTRIBUTES]")
    var resourceAttributes: String?

    @Option(name: .customLong("otel-traces-sampler"), help: "always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio. [OTEL_TRACES_SAMPLER] (default: parentbased_always_on)")
    var sampler: String?

    @Option(name: .customLong("otel-traces-sampler-arg"), help: "The ratio of the *traceidratio samplers, 0-1. [OTEL_TRACES_SAMPLER_ARG] (default: 1)")
    var samplerArgument: String?

    @Option(name: .customLong("otel-bsp-schedule-delay"), help: "Milliseconds a finished span waits at most before its batch is sent, 1-3600000. [OTEL_BSP_SCHEDULE_DELAY] (default: 5000)")
    var scheduleDelay: String?

    @Option(name: .customLong("otel-bsp-export-timeout"), help: "Milliseconds one export may take, 1-3600000. [OTEL_BSP_EXPORT_TIMEOUT] (default: 30000)")
    var exportTimeout: String?

    @Option(name: .customLong("otel-bsp-max-queue-size"), help: "Finished spans waiting for export at most; more are dropped and counted, 1-65536. [OTEL_BSP_MAX_QUEUE_SIZE] (default: 2048)")
    var maxQueueSize: String?

    @Option(name: .customLong("otel-bsp-max-export-batch-size"), help: "Spans per export at most, 1-65536 (at most the queue). [OTEL_BSP_MAX_EXPORT_BATCH_SIZE] (default: 512)")
    var maxExportBatchSize: String?

    @Option(name: .customLong("otel-span-attribute-value-length-limit"), help: "UTF-8 bytes each string a span holds is cut to at most, 1-65536. [OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT, OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT] (default: 1024)")
    var valueLengthLimit: String?

    /// The configuration the options and the environment describe; nil when traces are off.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TracingConfiguration? {
        var variables = environment.filter { TracingConfiguration.variables.contains($0.key) }
        let options: [(String?, String)] = [
            (endpoint, "OTEL_EXPORTER_OTLP_ENDPOINT"), (tracesEndpoint, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
            (exportProtocol, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), (headers, "OTEL_EXPORTER_OTLP_TRACES_HEADERS"),
            (serviceName, "OTEL_SERVICE_NAME"), (resourceAttributes, "OTEL_RESOURCE_ATTRIBUTES"), (sampler, "OTEL_TRACES_SAMPLER"),
            (samplerArgument, "OTEL_TRACES_SAMPLER_ARG"), (scheduleDelay, "OTEL_BSP_SCHEDULE_DELAY"),
            (exportTimeout, "OTEL_BSP_EXPORT_TIMEOUT"), (maxQueueSize, "OTEL_BSP_MAX_QUEUE_SIZE"),
            (maxExportBatchSize, "OTEL_BSP_MAX_EXPORT_BATCH_SIZE"), (valueLengthLimit, "OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT"),
        ]
        // An option wins over its variable (the traces' own variable, where there are two).
        for (value, name) in options { if let value { variables[name] = value } }
        do {
            return try TracingConfiguration.resolve(variables)
        } catch {
            throw ValidationError("traces: \(error)")
        }
    }
}
