import JSON

extension VariantResult {
    /// The specification's variant object, in the order
    /// `name, enabled, feature_enabled, payload`; no `payload` key without a payload.
    package var specificationJSON: JSONValue {
        var object: JSONObject = [
            "name": .string(name), "enabled": .bool(enabled), "feature_enabled": .bool(featureEnabled),
        ]
        if let payload { object["payload"] = ["type": .string(payload.type), "value": .string(payload.value)] }
        return .object(object)
    }
}
