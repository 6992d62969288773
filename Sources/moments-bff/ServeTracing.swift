import Logging
import Traces
import Tracing

/// Traces as `serve` runs them: the tracer every layer is given, its batch
/// processor and OTLP/HTTP exporter, and the trace ids the logs show.
struct ServeTracing {
    let tracer: OTelTracer
    let processor: BatchSpanProcessor
    let configuration: TracingConfiguration

    init(_ configuration: TracingConfiguration) {
        self.configuration = configuration
        processor = BatchSpanProcessor(
            batching: configuration.batching,
            exporter: OTLPHTTPExporter(configuration: configuration, serviceVersion: BuildInfo.version))
        tracer = OTelTracer(sampler: configuration.sampler, processor: processor, valueLengthLimit: configuration.valueLengthLimit)
    }

    /// `traceID` and `spanID` of the current span, in every log record made
    /// while it is current (`requestID`'s neighbours in the JSON logs).
    static let logMetadata = Logger.MetadataProvider {
        guard let span = InstrumentationContext.current?.spanContext else { return [:] }
        return ["traceID": "\(span.traceID.hex)", "spanID": "\(span.spanID.hex)"]
    }

    /// For the `starting` log line.
    var summary: Logger.Metadata {
        [
            "endpoint": "\(configuration.endpoint)", "protocol": "\(configuration.exportProtocol.rawValue)",
            "sampler": "\(configuration.sampler)", "serviceName": "\(configuration.serviceName)",
        ]
    }
}
