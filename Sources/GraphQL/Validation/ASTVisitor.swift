/// Callbacks of a walk over an executable document, in graphql-js visiting
/// order. Every callback defaults to doing nothing, so a rule implements only
/// the nodes it cares about. Typed methods instead of graphql-js's
/// string-keyed visitor: the compiler checks every node kind.
///
/// graphql-js lets a visitor skip a node's children by returning `false`;
/// the few rules that do (KnownArgumentNamesRule, ValuesOfCorrectTypeRule)
/// keep that state themselves, so the walker never has to.
protocol ASTVisitor: AnyObject {
    func enterDocument(_ document: Document)
    func leaveDocument(_ document: Document)
    func enter(_ operation: OperationDefinition)
    func leave(_ operation: OperationDefinition)
    func enter(_ fragment: FragmentDefinition)
    func leave(_ fragment: FragmentDefinition)
    func enter(_ definition: TypeSystemDefinition)
    func enter(_ variableDefinition: VariableDefinition)
    func leave(_ variableDefinition: VariableDefinition)
    /// A `NamedType` node: a variable's type or a type condition.
    func enterNamedType(_ name: Name)
    func enter(_ selectionSet: SelectionSet)
    func enter(_ field: Field)
    func leave(_ field: Field)
    func enter(_ spread: FragmentSpread)
    func enter(_ inlineFragment: InlineFragment)
    /// `location` is where the directive is applied (graphql-js derives it from the ancestors).
    func enter(_ directive: Directive, at location: DirectiveLocation)
    func leave(_ directive: Directive)
    func enter(_ argument: Argument)
    func enter(_ value: Value)
    func leave(_ value: Value)
    func enter(_ objectField: ObjectField)
}

extension ASTVisitor {
    func enterDocument(_ document: Document) {}
    func leaveDocument(_ document: Document) {}
    func enter(_ operation: OperationDefinition) {}
    func leave(_ operation: OperationDefinition) {}
    func enter(_ fragment: FragmentDefinition) {}
    func leave(_ fragment: FragmentDefinition) {}
    func enter(_ definition: TypeSystemDefinition) {}
    func enter(_ variableDefinition: VariableDefinition) {}
    func leave(_ variableDefinition: VariableDefinition) {}
    func enterNamedType(_ name: Name) {}
    func enter(_ selectionSet: SelectionSet) {}
    func enter(_ field: Field) {}
    func leave(_ field: Field) {}
    func enter(_ spread: FragmentSpread) {}
    func enter(_ inlineFragment: InlineFragment) {}
    func enter(_ directive: Directive, at location: DirectiveLocation) {}
    func leave(_ directive: Directive) {}
    func enter(_ argument: Argument) {}
    func enter(_ value: Value) {}
    func leave(_ value: Value) {}
    func enter(_ objectField: ObjectField) {}
}

/// One validation rule of spec §5. A fresh instance validates one document.
protocol ValidationRule: ASTVisitor {
    init(context: ValidationContext)
}
