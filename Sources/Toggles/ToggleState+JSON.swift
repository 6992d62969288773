import JSON

extension ToggleState {
    /// Parses a client-API document, or a delta-API document (`{"events": […]}`,
    /// applied to an empty state). Unknown fields are ignored, as every SDK does.
    package static func parse(_ bytes: [UInt8], limits: ToggleLimits = ToggleLimits()) throws(ToggleStateError) -> ToggleState {
        guard bytes.count <= limits.maxStateBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maxStateBytes)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: limits.maxStateBytes))
        } catch {
            throw .malformedJSON("\(error)")
        }
        return try ToggleState(json: json, limits: limits)
    }

    package init(json: JSONValue, limits: ToggleLimits = ToggleLimits()) throws(ToggleStateError) {
        let reader = StateReader(limits: limits)
        guard case .object(let root) = json else { throw .invalid(path: "state", expected: "an object") }
        if let events = root["events"] {
            self.init()
            try applyDelta(events, limits: limits)
            return
        }
        let version = root["version"].flatMap(\.intValue) ?? 1
        let features = try reader.array(root["features"], path: "features", limit: limits.maxFeatures, what: "features")
        let segments = try reader.array(root["segments"], path: "segments", limit: limits.maxSegments, what: "segments")
        try self.init(
            version: version,
            features: features.enumerated().map { index, json throws(ToggleStateError) in
                try reader.feature(json, path: "features[\(index)]")
            },
            segments: segments.enumerated().map { index, json throws(ToggleStateError) in
                try reader.segment(json, path: "segments[\(index)]")
            }
        )
    }
}

extension JSONValue {
    var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        case .string(let text): Int(text)
        default: nil
        }
    }

    /// Parameters, context values and constraint values arrive as strings or
    /// numbers; evaluation compares them as strings.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .int(let value): String(value)
        case .double(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }
}
