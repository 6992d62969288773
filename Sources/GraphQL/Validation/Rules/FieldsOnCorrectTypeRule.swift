// Spec §5.3.1 Field Selections: "For each selection in the document, let
// fieldName be the target field of selection. fieldName must be defined on
// type in scope." Only abstract types suggest other types; this engine has
// none, so the suggestions are the type's own field names.
final class FieldsOnCorrectTypeRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ field: Field) {
        guard let parentType = context.typeInfo.parentType, context.typeInfo.fieldDefinition == nil else { return }
        let name = field.name.value
        let suggestions = SuggestionList.suggestions(for: name, from: parentType.fields.map(\.name))
        context.report(
            "Cannot query field \"\(name)\" on type \"\(parentType.name)\"." + SuggestionList.didYouMean(suggestions),
            at: field.loc)
    }
}
