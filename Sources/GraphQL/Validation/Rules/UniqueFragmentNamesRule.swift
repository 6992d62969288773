// Spec §5.5.1.1 Fragment Name Uniqueness: "For each fragment definition
// fragment in the document, let fragmentName be the name of fragment. Let
// fragments be all fragment definitions in the document named fragmentName.
// fragments must be a set of one."
final class UniqueFragmentNamesRule: ValidationRule {
    private let context: ValidationContext
    private var known: [String: Name] = [:]
    init(context: ValidationContext) { self.context = context }

    func enter(_ fragment: FragmentDefinition) {
        let name = fragment.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", at: [first.loc, name.loc])
        } else {
            known[name.value] = name
        }
    }
}
