import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the app's own stack does on Linux: URLSession (libcurl underneath).
struct GraphQLClient {
    let baseURL: URL
    let session: URLSession

    init(baseURL: URL) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a Foundation JSON object (an independent decoder, not ours).
        var json: [String: Any] {
            get throws {
                guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                    throw DecodingFailure(text: text)
                }
                return object
            }
        }

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    struct DecodingFailure: Error { var text: String }

    /// The app's headers (docs/api.md, "The app's two operations").
    static let appHeaders = ["x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0"]

    func post(_ path: String = "/graphql", body: Data, contentType: String? = "application/json", headers: [String: String] = appHeaders) async throws -> Reply {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    func graphQL(query: String, variables: [String: Any]? = nil, operationName: String? = nil, headers: [String: String] = appHeaders) async throws -> Reply {
        var payload: [String: Any] = ["query": query]
        if let variables { payload["variables"] = variables }
        if let operationName { payload["operationName"] = operationName }
        return try await post(body: try JSONSerialization.data(withJSONObject: payload), headers: headers)
    }

    func get(_ path: String, query: [String: String] = [:], headers: [String: String] = [:]) async throws -> Reply {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            // URLComponents leaves "+" alone, which a form decoder reads as a space.
            let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            components?.percentEncodedQuery = encoded
        }
        guard let url = components?.url else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Reply {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return Reply(status: http.statusCode, headers: headers, body: data)
    }
}
