import Testing
@testable import Traces

/// `TracingConfiguration.resolve` over OpenTelemetry's environment variables.
struct TracingConfigurationTests {
    static let endpoint = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"]

    static func resolve(_ environment: [String: String]) throws -> TracingConfiguration {
        try #require(try TracingConfiguration.resolve(environment.merging(endpoint) { mine, _ in mine }))
    }

    /// The variable a refused environment names.
    static func refusal(_ environment: [String: String]) -> String? {
        do {
            _ = try TracingConfiguration.resolve(environment.merging(endpoint) { mine, _ in mine })
            return nil
        } catch {
            return error.variable
        }
    }

    @Test func isOffWithoutAnEndpoint() throws {
        #expect(try TracingConfiguration.resolve([:]) == nil)
        #expect(try TracingConfiguration.resolve(["OTEL_SERVICE_NAME": "x", "OTEL_EXPORTER_OTLP_ENDPOINT": "  "]) == nil)
    }

    @Test(arguments: ["true", "TRUE", " true "])
    func isOffWhenTheSDKIsDisabled(_ value: String) throws {
        #expect(try TracingConfiguration.resolve(Self.endpoint.merging(["OTEL_SDK_DISABLED": value]) { $1 }) == nil)
    }

    @Test func isOnWhenTheSDKIsNotDisabled() throws {
        #expect(try TracingConfiguration.resolve(Self.endpoint.merging(["OTEL_SDK_DISABLED": "false"]) { $1 }) != nil)
    }

    @Test func isOffWhenTheExporterIsNone() throws {
        #expect(try TracingConfiguration.resolve(Self.endpoint.merging(["OTEL_TRACES_EXPORTER": "none"]) { $1 }) == nil)
        #expect(try Self.resolve(["OTEL_TRACES_EXPORTER": "otlp"]).endpoint == "http://c:4318/v1/traces")
        #expect(Self.refusal(["OTEL_TRACES_EXPORTER": "zipkin"]) == "OTEL_TRACES_EXPORTER")
    }

    @Test(arguments: ["http://c:4318", "http://c:4318/"])
    func theGeneralEndpointGetsTheTracesPath(_ base: String) throws {
        #expect(try Self.resolve(["OTEL_EXPORTER_OTLP_ENDPOINT": base]).endpoint == "http://c:4318/v1/traces")
    }

    @Test func theTracesEndpointIsUsedAsItIs() throws {
        let configuration = try Self.resolve(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://collector.example/otlp/traces"])
        #expect(configuration.endpoint == "https://collector.example/otlp/traces")
    }

    @Test(arguments: ["collector:4318", "ftp://c/", "http://", "http://c:4318/a b"])
    func refusesAnEndpointThatIsNoHTTPURL(_ url: String) {
        #expect(Self.refusal(["OTEL_EXPORTER_OTLP_ENDPOINT": url]) == "OTEL_EXPORTER_OTLP_ENDPOINT")
        #expect(Self.refusal(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": url]) == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    }

    @Test func protobufByDefaultJSONWhenAskedAndGRPCRefused() throws {
        #expect(try Self.resolve([:]).exportProtocol == .protobuf)
        #expect(try Self.resolve(["OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"]).exportProtocol == .json)
        #expect(try Self.resolve([
            "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json",
        ]).exportProtocol == .json)
        #expect(Self.refusal(["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"]) == "OTEL_EXPORTER_OTLP_PROTOCOL")
        #expect(Self.refusal(["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "grpc"]) == "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
    }

    @Test func headersArePercentDecodedAndTheTracesOnesWinByName() throws {
        let configuration = try Self.resolve([
            "OTEL_EXPORTER_OTLP_HEADERS": "api-key=general, x-team = moments%20bff",
            "OTEL_EXPORTER_OTLP_TRACES_HEADERS": "API-Key=traces%2Conly",
        ])
        #expect(configuration.headers.map { "\($0.name): \($0.value)" } == ["x-team: moments bff", "API-Key: traces,only"])
    }

    @Test(arguments: ["novalue", "bad name=1", "k=%zz", "k=a%0Db", "=v"])
    func refusesAMalformedHeader(_ list: String) {
        #expect(Self.refusal(["OTEL_EXPORTER_OTLP_HEADERS": list]) == "OTEL_EXPORTER_OTLP_HEADERS")
    }

    @Test func resourceAttributesKeepTheirOrderAndServiceNameIsTheServiceName() throws {
        let configuration = try Self.resolve(["OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=prod,service.name=from-resource,host.name=a%2Fb"])
        #expect(configuration.serviceName == "from-resource")
        #expect(configuration.resourceAttributes.map { "\($0.name)=\($0.value)" } == ["deployment.environment=prod", "host.name=a/b"])
        #expect(try Self.resolve([:]).serviceName == "moments-bff")
    }

    @Test func otelServiceNameWinsOverTheResourceAttribute() throws {
        let configuration = try Self.resolve(["OTEL_RESOURCE_ATTRIBUTES": "service.name=from-resource", "OTEL_SERVICE_NAME": "named"])
        #expect(configuration.serviceName == "named")
    }

    struct SamplerCase: Sendable, CustomTestStringConvertible {
        var name: String?
        var argument: String?
        var expected: TraceSampler
        var testDescription: String { "\(name ?? "unset") \(argument ?? "")" }
    }

    @Test(arguments: [
        SamplerCase(name: nil, argument: nil, expected: .parentBased(root: .alwaysOn)),
        SamplerCase(name: "always_on", argument: nil, expected: .alwaysOn),
        SamplerCase(name: "ALWAYS_OFF", argument: nil, expected: .alwaysOff),
        SamplerCase(name: "traceidratio", argument: "0.25", expected: .traceIDRatio(0.25)),
        SamplerCase(name: "traceidratio", argument: nil, expected: .traceIDRatio(1)),
        SamplerCase(name: "parentbased_always_off", argument: nil, expected: .parentBased(root: .alwaysOff)),
        SamplerCase(name: "parentbased_traceidratio", argument: "0", expected: .parentBased(root: .traceIDRatio(0))),
    ])
    func readsTheSampler(_ test: SamplerCase) throws {
        var environment: [String: String] = [:]
        environment["OTEL_TRACES_SAMPLER"] = test.name
        environment["OTEL_TRACES_SAMPLER_ARG"] = test.argument
        #expect(try Self.resolve(environment).sampler == test.expected)
    }

    @Test func refusesAnUnknownSamplerAndARatioOutOfRange() {
        #expect(Self.refusal(["OTEL_TRACES_SAMPLER": "jaeger_remote"]) == "OTEL_TRACES_SAMPLER")
        for argument in ["1.5", "-0.1", "half", "nan"] {
            #expect(Self.refusal(["OTEL_TRACES_SAMPLER": "traceidratio", "OTEL_TRACES_SAMPLER_ARG": argument]) == "OTEL_TRACES_SAMPLER_ARG")
        }
    }

    @Test func readsTheBatchNumbersAndClampsTheBatchToTheQueue() throws {
        let batching = try Self.resolve([
            "OTEL_BSP_SCHEDULE_DELAY": "100", "OTEL_BSP_EXPORT_TIMEOUT": "2000",
            "OTEL_BSP_MAX_QUEUE_SIZE": "10", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "50",
        ]).batching
        #expect(batching.scheduleDelayMilliseconds == 100)
        #expect(batching.exportTimeoutMilliseconds == 2000)
        #expect(batching.maxQueueSize == 10)
        #expect(batching.maxExportBatchSize == 10)
        #expect(try Self.resolve([:]).batching == TracingConfiguration.Batching())
    }

    @Test(arguments: [
        ("OTEL_BSP_SCHEDULE_DELAY", "fast"), ("OTEL_BSP_EXPORT_TIMEOUT", "0"), ("OTEL_BSP_MAX_QUEUE_SIZE", "65537"),
        ("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "-1"), ("OTEL_BSP_SCHEDULE_DELAY", "1.5"), ("OTEL_BSP_EXPORT_TIMEOUT", "3600001"),
    ])
    func refusesABatchNumberThatIsNotAWholeNumberInRange(_ variable: String, _ value: String) {
        #expect(Self.refusal([variable: value]) == variable)
    }
}

extension TracingConfigurationTests {
    @Test func valueLengthLimitIs1024UnlessTheSpanOrGeneralVariableSaysOtherwise() throws {
        #expect(try Self.resolve([:]).valueLengthLimit == 1024)
        #expect(try Self.resolve(["OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT": "64"]).valueLengthLimit == 64)
        let both = ["OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT": "64", "OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT": "65536"]
        #expect(try Self.resolve(both).valueLengthLimit == 65536, "the span's own variable wins")
    }

    @Test(arguments: ["0", "65537", "-1", "1k", "99999999999999999999"])
    func refusesAValueLengthLimitOutOfRange(_ value: String) {
        #expect(Self.refusal(["OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT": value]) == "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT")
        #expect(Self.refusal(["OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT": value]) == "OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT")
    }
}
