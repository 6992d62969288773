// Spec §5.5.1.2 Fragment Spread Type Existence / §5.8.2 (variable types):
// "For each named spread namedSpread in the document, let fragment be the
// target of namedSpread. The target type of fragment must be defined in the
// schema." graphql-js checks every NamedType of an executable document:
// variable types and type conditions. (The names inside type-system
// definitions are not in our AST; ExecutableDefinitionsRule rejects those.)
final class KnownTypeNamesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enterNamedType(_ name: Name) {
        guard context.types.named(name.value) == nil else { return }
        let suggestions = SuggestionList.suggestions(for: name.value, from: context.types.allNames)
        context.report("Unknown type \"\(name.value)\"." + SuggestionList.didYouMean(suggestions), at: name.loc)
    }
}
