// Not a rule of the October 2021 spec, which leaves a missing root operation
// type to execution (§6.2: "the root operation type ... must exist"). The
// contract wants an operation whose root type does not exist (a
// subscription, on a schema without one) rejected by validation, with a
// location, so this rule reports it during validation. The message is
// the one graphql-js gives at execution (`Schema is not configured to execute
// subscription operation.`); graphql-js 17 adds the same check as
// `KnownOperationTypesRule`, hence the name.
final class KnownOperationTypesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ operation: OperationDefinition) {
        if context.schema.rootType(for: operation.operation) == nil {
            context.report(
                "Schema is not configured to execute \(operation.operation.rawValue) operation.", at: operation.loc)
        }
    }
}
