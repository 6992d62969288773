import JSON

extension ToggleState {
    /// Applies the events of Unleash's delta API in order: `hydration`
    /// replaces everything, `feature-updated`/`feature-removed` and
    /// `segment-updated`/`segment-removed` change one item. Unknown event types are skipped.
    package mutating func applyDelta(_ events: JSONValue, limits: ToggleLimits = ToggleLimits()) throws(ToggleStateError) {
        let reader = StateReader(limits: limits)
        for (index, event) in try reader.array(events, path: "events").enumerated() {
            let path = "events[\(index)]"
            let object = try reader.object(event, path: path)
            switch object["type"]?.scalarText {
            case "hydration":
                let features = try reader.array(object["features"], path: "\(path).features", limit: limits.maxFeatures, what: "features")
                let segments = try reader.array(object["segments"], path: "\(path).segments", limit: limits.maxSegments, what: "segments")
                self = ToggleState(
                    version: version,
                    features: try features.enumerated().map { i, json throws(ToggleStateError) in
                        try reader.feature(json, path: "\(path).features[\(i)]")
                    },
                    segments: try segments.enumerated().map { i, json throws(ToggleStateError) in
                        try reader.segment(json, path: "\(path).segments[\(i)]")
                    }
                )
            case "feature-updated":
                guard let feature = object["feature"] else { throw .invalid(path: "\(path).feature", expected: "an object") }
                upsert(try reader.feature(feature, path: "\(path).feature"))
                guard features.count <= limits.maxFeatures else {
                    throw .tooMany(what: "features", count: features.count, limit: limits.maxFeatures)
                }
            case "feature-removed":
                removeFeature(named: try reader.string(object["featureName"], path: "\(path).featureName"))
            case "segment-updated":
                guard let segment = object["segment"] else { throw .invalid(path: "\(path).segment", expected: "an object") }
                upsert(try reader.segment(segment, path: "\(path).segment"))
                guard segments.count <= limits.maxSegments else {
                    throw .tooMany(what: "segments", count: segments.count, limit: limits.maxSegments)
                }
            case "segment-removed":
                guard let id = object["segmentId"]?.intValue else { throw .invalid(path: "\(path).segmentId", expected: "an integer") }
                removeSegment(id: id)
            default:
                continue
            }
        }
    }
}
