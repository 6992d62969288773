// Spec §5.5.1.3 Fragments On Composite Types: "For each fragment defined in
// the document, the target type of fragment must have kind UNION, INTERFACE,
// or OBJECT." Unknown types are KnownTypeNamesRule's to report.
final class FragmentsOnCompositeTypesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ inlineFragment: InlineFragment) {
        guard let condition = inlineFragment.typeCondition, isNonComposite(condition) else { return }
        context.report("Fragment cannot condition on non composite type \"\(condition.value)\".", at: condition.loc)
    }

    func enter(_ fragment: FragmentDefinition) {
        guard isNonComposite(fragment.typeCondition) else { return }
        context.report(
            "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(fragment.typeCondition.value)\".",
            at: fragment.typeCondition.loc)
    }

    private func isNonComposite(_ name: Name) -> Bool {
        guard let type = context.types.named(name.value) else { return false }
        return !type.isComposite
    }
}
