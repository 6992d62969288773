import Curl
import Locking

/// Sends each batch to the collector as one OTLP/HTTP request
/// (opentelemetry.io/docs/specs/otlp/#otlphttp): a POST of an
/// `ExportTraceServiceRequest` in the configured encoding. Runs on the batch
/// processor's thread only, one request at a time.
package final class OTLPHTTPExporter: SpanExporter {
    /// The collector's answer read at most: an `ExportTraceServiceResponse` or an error `Status`, both small.
    package static let maxResponseBytes = 64 * 1024

    private let endpoint: String
    private let exportProtocol: TracingConfiguration.ExportProtocol
    private let headers: [(name: String, value: String)]
    private let resource: OTLPResource
    private let failure = Locked<String?>(nil)

    package init(configuration: TracingConfiguration, serviceVersion: String) {
        endpoint = configuration.endpoint
        exportProtocol = configuration.exportProtocol
        let contentType = configuration.exportProtocol == .protobuf ? "application/x-protobuf" : "application/json"
        // Ours describes the body; a configured Content-Type would contradict it.
        headers = [("Content-Type", contentType)]
            + configuration.headers.filter { $0.name.lowercased() != "content-type" }.map { ($0.name, $0.value) }
        resource = OTLPResource(configuration, serviceVersion: serviceVersion)
    }

    /// Why the last export failed, nil after one that succeeded: for diagnostics, since the exporter logs nothing.
    package var lastError: String? { failure.withLock { $0 } }

    /// True when the collector answered 2xx. No retry, though the spec allows
    /// one for 429/502/503/504: a retry holds the batch thread longer while
    /// the queue fills, and spans dropped there are counted, so the batch is
    /// given up instead.
    package func export(_ batch: [SpanRecord], timeoutMilliseconds: Int) -> Bool {
        let body = switch exportProtocol {
        case .protobuf: OTLPProtobuf.exportRequest(batch, resource: resource)
        case .json: OTLPJSON.exportRequest(batch, resource: resource)
        }
        let request = CurlRequest(
            url: endpoint, headers: headers, body: body, timeoutSeconds: Double(max(1, timeoutMilliseconds)) / 1000,
            maxBodyBytes: Self.maxResponseBytes)
        let problem: String?
        do {
            let response = try CurlClient.perform(request)
            problem = (200..<300).contains(response.status) ? nil : "the collector answered \(response.status)"
        } catch {
            problem = error.description
        }
        failure.withLock { $0 = problem }
        return problem == nil
    }
}
