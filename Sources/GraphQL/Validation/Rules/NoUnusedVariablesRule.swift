// Spec §5.8.4 All Variables Used: "For every operation in the document, let
// variables be the variables defined by that operation. Each variable in
// variables must be used at least once in either the operation scope itself
// or any fragment transitively referenced by that operation."
final class NoUnusedVariablesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func leave(_ operation: OperationDefinition) {
        let used = Set(context.recursiveVariableUsages(of: operation).map(\.name))
        for definition in operation.variableDefinitions where !used.contains(definition.variable.value) {
            let variable = definition.variable.value
            let message =
                if let name = operation.name {
                    "Variable \"$\(variable)\" is never used in operation \"\(name.value)\"."
                } else {
                    "Variable \"$\(variable)\" is never used."
                }
            context.report(message, at: definition.loc)
        }
    }
}
