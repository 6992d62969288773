// Spec §5.8.3 All Variable Uses Defined: "For each operation in a document,
// for each variableUsage in scope, variable must be in operation's variable
// list." Fragments are followed from each operation that spreads them.
final class NoUndefinedVariablesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func leave(_ operation: OperationDefinition) {
        let defined = Set(operation.variableDefinitions.map(\.variable.value))
        for usage in context.recursiveVariableUsages(of: operation) where !defined.contains(usage.name) {
            let message =
                if let name = operation.name {
                    "Variable \"$\(usage.name)\" is not defined by operation \"\(name.value)\"."
                } else {
                    "Variable \"$\(usage.name)\" is not defined."
                }
            context.report(message, at: [usage.loc, operation.loc])
        }
    }
}
