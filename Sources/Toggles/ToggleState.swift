import Locking

/// A toggle state in the format of Unleash's client API
/// (`GET /api/client/features`): `{"version": …, "features": […], "segments": […]}`.
package struct ToggleState: Sendable, Equatable {
    package var version: Int
    /// In the order the server sent them; the GraphQL field lists them in this order.
    package private(set) var features: [Feature]
    package private(set) var segments: [Int: Segment]
    /// By bytes: a dependency or a request naming a feature names these exact bytes.
    private var featureIndex: [UTF8Key: Int]

    package init(version: Int = 2, features: [Feature] = [], segments: [Segment] = []) {
        self.version = version
        self.features = []
        self.featureIndex = [:]
        self.segments = [:]
        for feature in features { upsert(feature) }
        for segment in segments { self.segments[segment.id] = segment }
    }

    package func feature(named name: String) -> Feature? {
        featureIndex[UTF8Key(name)].map { features[$0] }
    }

    /// Adds a feature, or replaces the one with the same name in place.
    package mutating func upsert(_ feature: Feature) {
        if let index = featureIndex[UTF8Key(feature.name)] {
            features[index] = feature
        } else {
            featureIndex[UTF8Key(feature.name)] = features.count
            features.append(feature)
        }
    }

    package mutating func removeFeature(named name: String) {
        guard let index = featureIndex[UTF8Key(name)] else { return }
        features.remove(at: index)
        featureIndex = Dictionary(features.enumerated().map { (UTF8Key($1.name), $0) }, uniquingKeysWith: { _, last in last })
    }

    package mutating func upsert(_ segment: Segment) { segments[segment.id] = segment }
    package mutating func removeSegment(id: Int) { segments[id] = nil }

    package static func == (lhs: ToggleState, rhs: ToggleState) -> Bool {
        lhs.version == rhs.version && lhs.features == rhs.features && lhs.segments == rhs.segments
    }
}

package struct Feature: Sendable, Equatable {
    package var name: String
    package var enabled: Bool
    package var description: String?
    package var strategies: [Strategy]
    package var variants: [Variant]
    package var dependencies: [Dependency]

    package init(
        name: String, enabled: Bool, description: String? = nil, strategies: [Strategy] = [],
        variants: [Variant] = [], dependencies: [Dependency] = []
    ) {
        self.name = name
        self.enabled = enabled
        self.description = description
        self.strategies = strategies
        self.variants = variants
        self.dependencies = dependencies
    }
}

package struct Strategy: Sendable, Equatable {
    package var name: String
    /// Parameter values as strings: the API sends `"50"` and sometimes `50`.
    package var parameters: [String: String]
    package var constraints: [Constraint]
    package var segmentIDs: [Int]
    package var variants: [Variant]

    package init(
        name: String, parameters: [String: String] = [:], constraints: [Constraint] = [],
        segmentIDs: [Int] = [], variants: [Variant] = []
    ) {
        self.name = name
        self.parameters = parameters
        self.constraints = constraints
        self.segmentIDs = segmentIDs
        self.variants = variants
    }
}

package struct Segment: Sendable, Equatable {
    package var id: Int
    package var constraints: [Constraint]

    package init(id: Int, constraints: [Constraint]) {
        self.id = id
        self.constraints = constraints
    }
}

/// A parent feature this one depends on (one level only: a parent with
/// dependencies of its own never satisfies).
package struct Dependency: Sendable, Equatable {
    package var feature: String
    /// `false`: satisfied when the parent is disabled. Default `true`.
    package var enabled: Bool
    /// When not empty, the parent's variant must be one of these.
    package var variants: [String]

    package init(feature: String, enabled: Bool = true, variants: [String] = []) {
        self.feature = feature
        self.enabled = enabled
        self.variants = variants
    }
}

package struct Variant: Sendable, Equatable {
    package var name: String
    package var weight: Int
    package var stickiness: String?
    package var payload: VariantPayload?
    package var overrides: [VariantOverride]

    package init(
        name: String, weight: Int, stickiness: String? = nil, payload: VariantPayload? = nil,
        overrides: [VariantOverride] = []
    ) {
        self.name = name
        self.weight = weight
        self.stickiness = stickiness
        self.payload = payload
        self.overrides = overrides
    }
}

package struct VariantPayload: Sendable, Equatable {
    /// `string`, `json`, `csv` or `number`; the value is always a string.
    package var type: String
    package var value: String

    package init(type: String, value: String) {
        self.type = type
        self.value = value
    }
}

/// Gives a variant to the contexts whose field holds one of the values.
package struct VariantOverride: Sendable, Equatable {
    package var contextName: String
    package var values: [String]

    package init(contextName: String, values: [String]) {
        self.contextName = contextName
        self.values = values
    }
}
