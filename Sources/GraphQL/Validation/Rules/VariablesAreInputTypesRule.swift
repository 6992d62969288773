// Spec §5.8.2 Variables Are Input Types: "For every operation in a document,
// for every variable on each operation: let variableType be the type of
// variable. IsInputType(variableType) must be true."
final class VariablesAreInputTypesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ variableDefinition: VariableDefinition) {
        guard let type = context.types.reference(from: variableDefinition.type), !context.types.isInputType(type)
        else { return }
        context.report(
            "Variable \"$\(variableDefinition.variable.value)\" cannot be non-input type \"\(type)\".",
            at: variableDefinition.type.loc)
    }
}
