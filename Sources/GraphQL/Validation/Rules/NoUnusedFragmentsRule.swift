// Spec §5.5.1.4 Fragments Must Be Used: "For each fragment defined in the
// document, fragment must be the target of at least one spread in the
// document." Spreads count only when an operation reaches them.
final class NoUnusedFragmentsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func leaveDocument(_ document: Document) {
        var used: Set<String> = []
        for operation in document.operations {
            for fragment in context.recursivelyReferencedFragments(of: operation) { used.insert(fragment.name.value) }
        }
        for fragment in document.fragments where !used.contains(fragment.name.value) {
            context.report("Fragment \"\(fragment.name.value)\" is never used.", at: fragment.loc)
        }
    }
}
