// Spec §5.5.2.1 Fragment spread target defined: "For every namedSpread in
// the document, let fragment be the target of namedSpread. fragment must be
// defined in the document."
final class KnownFragmentNamesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ spread: FragmentSpread) {
        if context.fragment(named: spread.name.value) == nil {
            context.report("Unknown fragment \"\(spread.name.value)\".", at: spread.name.loc)
        }
    }
}
