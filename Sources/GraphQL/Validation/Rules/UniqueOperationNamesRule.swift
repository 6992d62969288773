// Spec §5.2.1.1 Operation Name Uniqueness: "For each operation definition
// operation in the document, let operationName be the name of operation. If
// operationName exists, let operations be all operation definitions in the
// document named operationName; operations must be a set of one."
final class UniqueOperationNamesRule: ValidationRule {
    private let context: ValidationContext
    private var known: [String: Name] = [:]
    init(context: ValidationContext) { self.context = context }

    func enter(_ operation: OperationDefinition) {
        guard let name = operation.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one operation named \"\(name.value)\".", at: [first.loc, name.loc])
        } else {
            known[name.value] = name
        }
    }
}
