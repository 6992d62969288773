// Spec §5.5.2.3 Fragment spread is possible: "For each spread (named or
// inline) defined in the document, let fragment be the target of spread; let
// fragmentType be the type condition of fragment; let parentType be the type
// of the selection set containing spread; let applicableTypes be the
// intersection of GetPossibleTypes(fragmentType) and
// GetPossibleTypes(parentType). applicableTypes must not be empty." With
// object types only, the two types must be the same.
final class PossibleFragmentSpreadsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ inlineFragment: InlineFragment) {
        guard let fragmentType = context.typeInfo.type.flatMap({ context.types.objectType(named: $0.namedType) }),
            let parentType = context.typeInfo.parentType, fragmentType !== parentType
        else { return }
        context.report(
            "Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
            at: inlineFragment.loc)
    }

    func enter(_ spread: FragmentSpread) {
        guard let fragment = context.fragment(named: spread.name.value),
            let fragmentType = context.types.objectType(named: fragment.typeCondition.value),
            let parentType = context.typeInfo.parentType, fragmentType !== parentType
        else { return }
        context.report(
            "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
            at: spread.loc)
    }
}
