// Spec §5.4.1 Argument Names: "For each argument in the document, let
// argumentName be the Name of argument; let argumentDefinition be the
// argument definition provided by the parent field or definition named
// argumentName; argumentDefinition must exist."
final class KnownArgumentNamesRule: ValidationRule {
    private let context: ValidationContext
    /// graphql-js checks a directive's arguments when entering the directive
    /// and skips them afterwards, so they are never checked as field arguments.
    private var isInDirective = false
    init(context: ValidationContext) { self.context = context }

    func enter(_ directive: Directive, at location: DirectiveLocation) {
        isInDirective = true
        let name = directive.name.value
        guard let definition = context.schema.directive(named: name) else { return }
        let known = definition.arguments.map(\.name)
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let suggestions = SuggestionList.suggestions(for: argument.name.value, from: known)
            context.report(
                "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
                    + SuggestionList.didYouMean(suggestions),
                at: argument.loc)
        }
    }

    func leave(_ directive: Directive) { isInDirective = false }

    func enter(_ argument: Argument) {
        guard !isInDirective, context.typeInfo.argument == nil,
            let field = context.typeInfo.fieldDefinition, let parentType = context.typeInfo.parentType
        else { return }
        let suggestions = SuggestionList.suggestions(for: argument.name.value, from: field.arguments.map(\.name))
        context.report(
            "Unknown argument \"\(argument.name.value)\" on field \"\(parentType.name).\(field.name)\"."
                + SuggestionList.didYouMean(suggestions),
            at: argument.loc)
    }
}
