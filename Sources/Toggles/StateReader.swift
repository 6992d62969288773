import JSON

/// Reads the pieces of a client-API document, naming the path of whatever is wrong.
struct StateReader {
    let limits: ToggleLimits

    func array(_ json: JSONValue?, path: String, limit: Int = .max, what: String = "items") throws(ToggleStateError) -> [JSONValue] {
        switch json {
        case nil, .null?: return []
        case .array(let items)?:
            guard items.count <= limit else { throw .tooMany(what: what, count: items.count, limit: limit) }
            return items
        default: throw .invalid(path: path, expected: "an array")
        }
    }

    func object(_ json: JSONValue, path: String) throws(ToggleStateError) -> JSONObject {
        guard case .object(let object) = json else { throw .invalid(path: path, expected: "an object") }
        return object
    }

    func string(_ json: JSONValue?, path: String) throws(ToggleStateError) -> String {
        guard case .string(let text)? = json else { throw .invalid(path: path, expected: "a string") }
        return text
    }

    func bool(_ json: JSONValue?, default value: Bool) -> Bool {
        if case .bool(let flag)? = json { return flag }
        return value
    }

    func strings(_ json: JSONValue?, path: String) throws(ToggleStateError) -> [String] {
        try array(json, path: path).compactMap(\.scalarText)
    }

    func feature(_ json: JSONValue, path: String) throws(ToggleStateError) -> Feature {
        let object = try object(json, path: path)
        var description: String?
        if case .string(let text)? = object["description"] { description = text }
        let feature = Feature(
            name: try string(object["name"], path: "\(path).name"),
            enabled: bool(object["enabled"], default: false),
            description: description,
            strategies: try array(object["strategies"], path: "\(path).strategies").enumerated().map {
                index, json throws(ToggleStateError) in try strategy(json, path: "\(path).strategies[\(index)]")
            },
            variants: try variants(object["variants"], path: "\(path).variants"),
            dependencies: try array(object["dependencies"], path: "\(path).dependencies").enumerated().map {
                index, json throws(ToggleStateError) in try dependency(json, path: "\(path).dependencies[\(index)]")
            }
        )
        try Self.checkEvaluable(feature)
        return feature
    }

    /// Refuses, at load, a feature whose evaluation could not be carried
    /// out, so that a state from a file or a server never reaches a request
    /// (or the toggles cache) unless every feature in it can be evaluated.
    /// Every other number in a state is bounded where it is read (semver
    /// parts at 16 digits, dates at 4-digit years, percentages as finite
    /// doubles, hashes scaled within `UInt32`); only weights are summed.
    static func checkEvaluable(_ feature: Feature) throws(ToggleStateError) {
        let variantSets = [feature.variants] + feature.strategies.map(\.variants)
        for variants in variantSets where VariantSelection.totalWeight(of: variants) == nil {
            throw .unevaluable(toggle: feature.name, reason: "its variants' weights add up past \(Int.max)")
        }
    }

    func strategy(_ json: JSONValue, path: String) throws(ToggleStateError) -> Strategy {
        let object = try object(json, path: path)
        var parameters: [String: String] = [:]
        if case .object(let members)? = object["parameters"] {
            for member in members.members {
                if let text = member.value.scalarText { parameters[member.key] = text }
            }
        }
        return Strategy(
            name: try string(object["name"], path: "\(path).name"),
            parameters: parameters,
            constraints: try constraints(object["constraints"], path: "\(path).constraints"),
            segmentIDs: try array(object["segments"], path: "\(path).segments").compactMap(\.intValue),
            variants: try variants(object["variants"], path: "\(path).variants")
        )
    }

    func segment(_ json: JSONValue, path: String) throws(ToggleStateError) -> Segment {
        let object = try object(json, path: path)
        guard let id = object["id"]?.intValue else { throw .invalid(path: "\(path).id", expected: "an integer") }
        return Segment(id: id, constraints: try constraints(object["constraints"], path: "\(path).constraints"))
    }

    func constraints(_ json: JSONValue?, path: String) throws(ToggleStateError) -> [Constraint] {
        try array(json, path: path).enumerated().map { index, json throws(ToggleStateError) in
            let itemPath = "\(path)[\(index)]"
            let object = try object(json, path: itemPath)
            return Constraint(
                contextName: try string(object["contextName"], path: "\(itemPath).contextName"),
                operator: ConstraintOperator(try string(object["operator"], path: "\(itemPath).operator")),
                values: try strings(object["values"], path: "\(itemPath).values"),
                value: object["value"]?.scalarText,
                inverted: bool(object["inverted"], default: false),
                caseInsensitive: bool(object["caseInsensitive"], default: false),
                limits: limits
            )
        }
    }

    func variants(_ json: JSONValue?, path: String) throws(ToggleStateError) -> [Variant] {
        try array(json, path: path).enumerated().map { index, json throws(ToggleStateError) in
            let itemPath = "\(path)[\(index)]"
            let object = try object(json, path: itemPath)
            var payload: VariantPayload?
            if case .object(let body)? = object["payload"] {
                payload = VariantPayload(
                    type: body["type"]?.scalarText ?? "string",
                    value: body["value"]?.scalarText ?? ""
                )
            }
            var stickiness: String?
            if case .string(let text)? = object["stickiness"] { stickiness = text }
            return Variant(
                name: try string(object["name"], path: "\(itemPath).name"),
                weight: max(0, object["weight"]?.intValue ?? 0),
                stickiness: stickiness,
                payload: payload,
                overrides: try array(object["overrides"], path: "\(itemPath).overrides").enumerated().map {
                    index, json throws(ToggleStateError) in
                    let overridePath = "\(itemPath).overrides[\(index)]"
                    let override = try self.object(json, path: overridePath)
                    return VariantOverride(
                        contextName: try string(override["contextName"], path: "\(overridePath).contextName"),
                        values: try strings(override["values"], path: "\(overridePath).values")
                    )
                }
            )
        }
    }

    func dependency(_ json: JSONValue, path: String) throws(ToggleStateError) -> Dependency {
        let object = try object(json, path: path)
        return Dependency(
            feature: try string(object["feature"], path: "\(path).feature"),
            enabled: bool(object["enabled"], default: true),
            variants: try strings(object["variants"], path: "\(path).variants")
        )
    }
}
