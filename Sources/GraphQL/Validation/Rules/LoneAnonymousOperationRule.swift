// Spec §5.2.2.1 Lone Anonymous Operation: "Let operations be all operation
// definitions in the document. Let anonymous be all anonymous operation
// definitions in the document. If operations is a set of more than 1:
// anonymous must be empty."
final class LoneAnonymousOperationRule: ValidationRule {
    private let context: ValidationContext
    private var operationCount = 0
    init(context: ValidationContext) { self.context = context }

    func enterDocument(_ document: Document) { operationCount = document.operations.count }

    func enter(_ operation: OperationDefinition) {
        if operation.name == nil && operationCount > 1 {
            context.report("This anonymous operation must be the only defined operation.", at: operation.loc)
        }
    }
}
