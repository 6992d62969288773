// Spec §5.6.3 Input Object Field Uniqueness: "For each input object value
// objectValue in the document, for every inputField in objectValue: let name
// be the Name of inputField; let fields be all Input Object Fields named name
// in objectValue; fields must be the set containing only inputField."
final class UniqueInputFieldNamesRule: ValidationRule {
    private let context: ValidationContext
    /// One map per enclosing object literal; literals nest, so a stack.
    private var knownNames: [[String: Name]] = []
    init(context: ValidationContext) { self.context = context }

    func enter(_ value: Value) { if case .object = value { knownNames.append([:]) } }
    func leave(_ value: Value) { if case .object = value { knownNames.removeLast() } }

    func enter(_ objectField: ObjectField) {
        guard !knownNames.isEmpty else { return }
        let name = objectField.name
        if let first = knownNames[knownNames.count - 1][name.value] {
            context.report("There can be only one input field named \"\(name.value)\".", at: [first.loc, name.loc])
        } else {
            knownNames[knownNames.count - 1][name.value] = name
        }
    }
}
