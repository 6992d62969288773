// Spec §5.4.2.1 Required Arguments: "For each Field or Directive in the
// document, let arguments be the arguments provided by the Field or
// Directive; let argumentDefinitions be the set of argument definitions of
// that Field or Directive; for each argumentDefinition in
// argumentDefinitions: let type be the expected type of argumentDefinition;
// let defaultValue be the default value of argumentDefinition; if type is
// Non-Null and defaultValue does not exist: let argumentName be the name of
// argumentDefinition; let argument be the argument in arguments named
// argumentName; argument must exist." Checked on leave, as graphql-js does,
// so errors inside the arguments come first.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func leave(_ field: Field) {
        guard let definition = context.typeInfo.fieldDefinition else { return }
        let provided = Set(field.arguments.map(\.name.value))
        for argument in definition.arguments where isRequired(argument) && !provided.contains(argument.name) {
            context.report(
                "Field \"\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                at: field.loc)
        }
    }

    func leave(_ directive: Directive) {
        guard let definition = context.schema.directive(named: directive.name.value) else { return }
        let provided = Set(directive.arguments.map(\.name.value))
        for argument in definition.arguments where isRequired(argument) && !provided.contains(argument.name) {
            context.report(
                "Directive \"@\(definition.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                at: directive.loc)
        }
    }

    private func isRequired(_ argument: InputValueDefinition) -> Bool {
        argument.type.isNonNull && argument.defaultValue == nil
    }
}
