// Spec §5.3.3 Leaf Field Selections: "For each selection in the document, let
// selectionType be the result type of selection. If selectionType is a scalar
// or enum: the subselection set of that selection must be empty. If
// selectionType is an interface, union, or object: the subselection set of
// that selection must NOT BE empty."
final class ScalarLeafsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ field: Field) {
        guard let type = context.typeInfo.type else { return }
        let name = field.name.value
        if context.types.isLeafType(type) {
            if let selectionSet = field.selectionSet {
                context.report(
                    "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.",
                    at: selectionSet.loc)
            }
        } else if field.selectionSet == nil {
            context.report(
                "Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                at: field.loc)
        }
    }
}
