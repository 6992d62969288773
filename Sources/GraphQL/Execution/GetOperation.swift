/// Spec §6.1 GetOperation(document, operationName), with graphql-js's messages.
func getOperation(_ document: Document, named operationName: String?) throws(GraphQLError) -> OperationDefinition {
    var found: OperationDefinition?
    for case .operation(let operation) in document.definitions {
        if let operationName {
            if operation.name?.value == operationName { return operation }
        } else {
            if found != nil {
                throw GraphQLError(
                    "Must provide operation name if query contains multiple operations.", code: .badUserInput)
            }
            found = operation
        }
    }
    if let found { return found }
    if let operationName { throw GraphQLError("Unknown operation named \"\(operationName)\".", code: .badUserInput) }
    throw GraphQLError("Must provide an operation.", code: .badUserInput)
}
