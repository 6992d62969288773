// Spec §5.8.5 All Variable Usages Are Allowed: "For each operation in
// document, let variableUsages be all usages transitively included in the
// operation; for each variableUsage in variableUsages: let variableName be
// the name of variableUsage; let variableDefinition be the
// VariableDefinition named variableName defined within operation;
// IsVariableUsageAllowed(variableDefinition, variableUsage) must be true."
final class VariablesInAllowedPositionRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func leave(_ operation: OperationDefinition) {
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions { definitions[definition.variable.value] = definition }
        for usage in context.recursiveVariableUsages(of: operation) {
            guard let definition = definitions[usage.name], let locationType = usage.type,
                let variableType = context.types.reference(from: definition.type),
                !isAllowed(variableType, definition.defaultValue, locationType, usage.hasLocationDefaultValue)
            else { continue }
            context.report(
                "Variable \"$\(usage.name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
                at: [definition.loc, usage.loc])
        }
    }

    /// IsVariableUsageAllowed: a nullable variable may flow into a non-null
    /// position only when it or the position has a non-null default value.
    private func isAllowed(
        _ variableType: TypeReference, _ variableDefault: Value?, _ locationType: TypeReference,
        _ hasLocationDefault: Bool
    ) -> Bool {
        if case .nonNull(let nullableLocationType) = locationType, !variableType.isNonNull {
            let hasNonNullVariableDefault: Bool =
                switch variableDefault {
                case .none, .null?: false
                case .some: true
                }
            if !hasNonNullVariableDefault && !hasLocationDefault { return false }
            return KnownTypes.isSubtype(variableType, of: nullableLocationType)
        }
        return KnownTypes.isSubtype(variableType, of: locationType)
    }
}
