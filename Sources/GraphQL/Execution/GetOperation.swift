import Locking

/// Spec §6.1 GetOperation(document, operationName), with graphql-js's messages.
func getOperation(_ document: Document, named operationName: String?) throws(GraphQLError) -> OperationDefinition {
    var found: OperationDefinition?
    for case .operation(let operation) in document.definitions {
        if let operationName {
            // Byte for byte: a name is ASCII, and no other spelling of it names the operation.
            if let name = operation.name?.value, UTF8Key(name) == UTF8Key(operationName) { return operation }
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
