// Spec §5.8.1 Variable Uniqueness: "For every operation in the document, for
// every variable defined on operation: let variableName be the name of
// variable; let variables be the set of all variables named variableName on
// operation; variables must be a set of one."
final class UniqueVariableNamesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ operation: OperationDefinition) {
        var order: [String] = []
        var byName: [String: [SourceLocation]] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.value
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(nameLocation(definition.variable))
        }
        for name in order {
            guard let locations = byName[name], locations.count > 1 else { continue }
            context.report("There can be only one variable named \"$\(name)\".", at: locations)
        }
    }

    /// graphql-js points at the variable's name, the token after `$`; our AST
    /// keeps the location of `$`, and the name follows it directly in any
    /// document a client writes.
    private func nameLocation(_ variable: Name) -> SourceLocation {
        SourceLocation(line: variable.loc.line, column: variable.loc.column + 1, offset: variable.loc.offset + 1)
    }
}
