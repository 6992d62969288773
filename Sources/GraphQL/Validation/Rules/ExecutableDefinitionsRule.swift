// Spec §5.1.1 Executable Definitions: "For each definition definition in the
// document, definition must be OperationDefinition or FragmentDefinition
// (it must not be TypeSystemDefinition)."
final class ExecutableDefinitionsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enterDocument(_ document: Document) {
        for case .typeSystem(let definition) in document.definitions {
            let name = definition.keyword == "schema" ? "schema" : "\"\(definition.name?.value ?? "")\""
            context.report("The \(name) definition is not executable.", at: definition.loc)
        }
    }
}
