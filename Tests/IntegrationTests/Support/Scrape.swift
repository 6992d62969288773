import Foundation
import TestSupport

/// One `/metrics` answer, read by the reference parser (`PrometheusParser`).
struct Scrape {
    let contentType: String?
    let text: String
    let families: [PrometheusParser.Family]

    /// `GET /metrics` with `accept`, parsed as the format the answer says it is.
    static func fetch(_ baseURL: URL, accept: String? = nil) async throws -> Scrape {
        let reply = try await GraphQLClient(baseURL: baseURL).get("/metrics", headers: accept.map { ["Accept": $0] } ?? [:])
        guard reply.status == 200 else { throw PrometheusParser.Failure(description: "GET /metrics: \(reply.status)") }
        let contentType = reply.header("Content-Type")
        let openMetrics = contentType?.hasPrefix("application/openmetrics-text") ?? false
        return Scrape(contentType: contentType, text: reply.text, families: try PrometheusParser.parse(reply.text, openMetrics: openMetrics))
    }

    /// The value of the sample `name` whose labels include `labels`; nil when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples(name).first { sample in labels.allSatisfy { sample.labels[$0.key] == $0.value } }?.value
    }

    /// Every sample named `name`.
    func samples(_ name: String) -> [PrometheusParser.Sample] {
        families.flatMap(\.samples).filter { $0.name == name }
    }

    func family(_ name: String) -> PrometheusParser.Family? {
        families.first { $0.name == name }
    }
}
