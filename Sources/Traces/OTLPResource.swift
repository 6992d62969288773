/// What every exported span says about the process that made it: OTLP's
/// `Resource`, plus the version our instrumentation scope reports.
package struct OTLPResource: Sendable {
    /// The name of the SDK and of the instrumentation scope: the tracer is part of the server.
    package static let sdkName = "moments-bff"

    package var serviceName: String
    package var serviceVersion: String
    /// `OTEL_RESOURCE_ATTRIBUTES`, in order, `service.name` excluded.
    package var attributes: [TracingConfiguration.Header]

    package init(serviceName: String, serviceVersion: String, attributes: [TracingConfiguration.Header] = []) {
        self.serviceName = serviceName
        self.serviceVersion = serviceVersion
        self.attributes = attributes
    }

    package init(_ configuration: TracingConfiguration, serviceVersion: String) {
        self.init(serviceName: configuration.serviceName, serviceVersion: serviceVersion, attributes: configuration.resourceAttributes)
    }

    /// The resource's attributes as exported: `service.name`, the configured
    /// ones, then the SDK's own (semantic conventions' `service.version` and
    /// `telemetry.sdk.*`) unless configured: the user's value wins, as when
    /// an OpenTelemetry SDK merges the environment's resource into its default.
    package var keyValues: [TracingConfiguration.Header] {
        var result = [TracingConfiguration.Header(name: "service.name", value: serviceName)]
        result += attributes.filter { $0.name != "service.name" }
        let defaults = [
            ("service.version", serviceVersion),
            ("telemetry.sdk.name", Self.sdkName),
            ("telemetry.sdk.language", "swift"),
            ("telemetry.sdk.version", serviceVersion),
        ]
        for (name, value) in defaults where !attributes.contains(where: { $0.name == name }) {
            result.append(TracingConfiguration.Header(name: name, value: value))
        }
        return result
    }
}
