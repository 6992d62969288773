/// What the schema says about the current position of a walk (graphql-js
/// `TypeInfo`): the output type, the parent composite type, the field and
/// argument definitions and the expected input type. The walker calls
/// `enter`/`leave` around every node before the visitors see it.
final class TypeInfo {
    let types: KnownTypes
    private var typeStack: [TypeReference?] = []
    private var parentTypeStack: [ObjectType?] = []
    private var inputTypeStack: [TypeReference?] = []
    private var fieldDefinitionStack: [FieldDefinition?] = []
    /// Whether the input position has a default value (graphql-js only asks `!== undefined`).
    private var defaultValueStack: [Bool] = []
    private(set) var directive: DirectiveDefinition?
    private(set) var argument: InputValueDefinition?

    init(types: KnownTypes) { self.types = types }

    /// The output type at this position (`getType`).
    var type: TypeReference? { typeStack.last ?? nil }
    var parentType: ObjectType? { parentTypeStack.last ?? nil }
    var inputType: TypeReference? { inputTypeStack.last ?? nil }
    var parentInputType: TypeReference? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    var fieldDefinition: FieldDefinition? { fieldDefinitionStack.last ?? nil }
    var hasDefaultValue: Bool { defaultValueStack.last ?? false }

    private func outputType(_ reference: TypeReference?) -> TypeReference? {
        reference.flatMap { types.isOutputType($0) ? $0 : nil }
    }

    private func inputTypeOrNil(_ reference: TypeReference?) -> TypeReference? {
        reference.flatMap { types.isInputType($0) ? $0 : nil }
    }

    func enter(_ operation: OperationDefinition) {
        let root = types.schema.rootType(for: operation.operation)
        typeStack.append(root.map { .named($0.name) })
    }

    func leaveOperation() { typeStack.removeLast() }

    func enter(_ selectionSet: SelectionSet) {
        parentTypeStack.append(type.flatMap { types.objectType(named: $0.namedType) })
    }

    func leaveSelectionSet() { parentTypeStack.removeLast() }

    func enter(_ field: Field) {
        let definition = parentType.flatMap { types.schema.field(named: field.name.value, on: $0) }
        fieldDefinitionStack.append(definition)
        typeStack.append(outputType(definition?.type))
    }

    func leaveField() {
        fieldDefinitionStack.removeLast()
        typeStack.removeLast()
    }

    /// Inline fragments and fragment definitions: the type condition, or else the enclosing type.
    func enterFragment(typeCondition: Name?) {
        if let typeCondition {
            typeStack.append(types.named(typeCondition.value).map { _ in .named(typeCondition.value) })
        } else {
            typeStack.append(type.map { .named($0.namedType) })
        }
    }

    func leaveFragment() { typeStack.removeLast() }

    func enter(_ variableDefinition: VariableDefinition) {
        inputTypeStack.append(inputTypeOrNil(types.reference(from: variableDefinition.type)))
    }

    func leaveVariableDefinition() { inputTypeStack.removeLast() }

    func enter(_ directive: Directive) { self.directive = types.schema.directive(named: directive.name.value) }

    func leaveDirective() { directive = nil }

    func enter(_ argument: Argument) {
        // graphql-js falls back to the field's arguments inside an unknown directive.
        let arguments = directive?.arguments ?? fieldDefinition?.arguments
        let definition = arguments?.first { $0.name == argument.name.value }
        self.argument = definition
        defaultValueStack.append(definition?.defaultValue != nil)
        inputTypeStack.append(inputTypeOrNil(definition?.type))
    }

    func leaveArgument() {
        argument = nil
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    func enterListValue() {
        let listType = inputType?.nullable
        let itemType: TypeReference? = if case .list(let item) = listType { item } else { listType }
        defaultValueStack.append(false)
        inputTypeStack.append(inputTypeOrNil(itemType))
    }

    /// No input object types exist, so an object field never has a type.
    func enterObjectField() {
        defaultValueStack.append(false)
        inputTypeStack.append(nil)
    }

    func leaveListValueOrObjectField() {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }
}
