import HTTP1

/// The two text formats `/metrics` speaks: Prometheus's text format 0.0.4
/// (the default) and OpenMetrics 1.0.0, when the scraper's `Accept` prefers
/// it (Prometheus 2.x sends `application/openmetrics-text;version=1.0.0;q=0.5,
/// ...,text/plain;version=0.0.4;q=0.3,*/*;q=0.2`).
package enum ExpositionFormat: Sendable, Equatable {
    case prometheusText
    case openMetrics

    package var contentType: String {
        switch self {
        case .prometheusText: "text/plain; version=0.0.4; charset=utf-8"
        case .openMetrics: "application/openmetrics-text; version=1.0.0; charset=utf-8"
        }
    }

    /// OpenMetrics when `Accept` names `application/openmetrics-text` with a
    /// q-value above zero and at least that of the text format (`text/plain`,
    /// `text/*` or `*/*`, whichever is named); the text format otherwise.
    package static func negotiate(accept: String?) -> ExpositionFormat {
        guard let accept else { return .prometheusText }
        var openMetrics = 0.0
        var text = 0.0
        for element in AcceptElement.elements(of: accept) {
            if element.names("application/openmetrics-text") {
                openMetrics = max(openMetrics, element.q)
            } else if element.names("text/plain") || element.names("text/*") || element.names("*/*") {
                text = max(text, element.q)
            }
        }
        return openMetrics > 0 && openMetrics >= text ? .openMetrics : .prometheusText
    }
}

/// swift-prometheus writes the text format 0.0.4. OpenMetrics differs in
/// what this rewrites: a counter's family is named without its `_total`
/// (the samples keep it), `moments_build_info` is an `info` family named
/// `moments_build`, and the exposition ends with `# EOF`.
enum OpenMetricsRewriter {
    static func rewrite(_ text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count + 16)
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        // Family renames, from the TYPE lines (a HELP line comes before its TYPE line).
        var renames: [String: (name: String, type: String)] = [:]
        for line in lines where line.starts(with: typePrefix) {
            let fields = line.dropFirst(typePrefix.count).split(separator: UInt8(ascii: " "))
            guard fields.count == 2 else { continue }
            let name = String(decoding: fields[0], as: UTF8.self), type = String(decoding: fields[1], as: UTF8.self)
            if type == "counter", name.hasSuffix("_total") {
                renames[name] = (String(name.dropLast("_total".count)), type)
            } else if type == "gauge", name.hasSuffix("_info") {
                renames[name] = (String(name.dropLast("_info".count)), "info")
            }
        }
        for line in lines {
            if line.starts(with: typePrefix) || line.starts(with: helpPrefix) {
                let prefix = line.starts(with: typePrefix) ? typePrefix : helpPrefix
                let rest = line.dropFirst(prefix.count)
                let nameEnd = rest.firstIndex(of: UInt8(ascii: " ")) ?? rest.endIndex
                let name = String(decoding: rest[rest.startIndex..<nameEnd], as: UTF8.self)
                if let rename = renames[name] {
                    output.append(contentsOf: prefix)
                    output.append(contentsOf: rename.name.utf8)
                    if prefix == typePrefix {
                        output.append(UInt8(ascii: " "))
                        output.append(contentsOf: rename.type.utf8)
                    } else {
                        output.append(contentsOf: rest[nameEnd...])
                    }
                    output.append(UInt8(ascii: "\n"))
                    continue
                }
            }
            output.append(contentsOf: line)
            output.append(UInt8(ascii: "\n"))
        }
        output.append(contentsOf: "# EOF\n".utf8)
        return output
    }

    private static let typePrefix = Array("# TYPE ".utf8)
    private static let helpPrefix = Array("# HELP ".utf8)
}
