/// Walks an executable document depth-first in graphql-js's key order,
/// keeping a `TypeInfo` up to date and calling every visitor at each node in
/// turn (graphql-js `visitInParallel(visitWithTypeInfo(...))`), so errors come
/// out in the same order as the reference implementation's.
struct TypeInfoWalker {
    let typeInfo: TypeInfo
    let visitors: [any ASTVisitor]
    /// graphql-js's variable-usage collector does not descend into variable definitions.
    var visitsVariableDefinitions = true
    /// Checked before every node: the error cap aborts the walk.
    var shouldStop: () -> Bool = { false }

    func walk(_ document: Document) {
        for visitor in visitors { visitor.enterDocument(document) }
        for definition in document.definitions {
            if shouldStop() { return }
            switch definition {
            case .operation(let operation): walk(operation)
            case .fragment(let fragment): walk(fragment)
            case .typeSystem(let definition): for visitor in visitors { visitor.enter(definition) }
            }
        }
        if shouldStop() { return }
        for visitor in visitors { visitor.leaveDocument(document) }
    }

    func walk(_ operation: OperationDefinition) {
        typeInfo.enter(operation)
        for visitor in visitors { visitor.enter(operation) }
        if visitsVariableDefinitions {
            for variableDefinition in operation.variableDefinitions { walk(variableDefinition) }
        }
        let location: DirectiveLocation =
            switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
        walk(operation.directives, at: location)
        walk(operation.selectionSet)
        for visitor in visitors { visitor.leave(operation) }
        typeInfo.leaveOperation()
    }

    func walk(_ fragment: FragmentDefinition) {
        typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        for visitor in visitors { visitor.enter(fragment) }
        for visitor in visitors { visitor.enterNamedType(fragment.typeCondition) }
        walk(fragment.directives, at: .fragmentDefinition)
        walk(fragment.selectionSet)
        for visitor in visitors { visitor.leave(fragment) }
        typeInfo.leaveFragment()
    }

    private func walk(_ variableDefinition: VariableDefinition) {
        if shouldStop() { return }
        typeInfo.enter(variableDefinition)
        for visitor in visitors { visitor.enter(variableDefinition) }
        let typeName = variableDefinition.type.namedType
        for visitor in visitors { visitor.enterNamedType(typeName) }
        if let defaultValue = variableDefinition.defaultValue { walk(defaultValue) }
        walk(variableDefinition.directives, at: .variableDefinition)
        for visitor in visitors { visitor.leave(variableDefinition) }
        typeInfo.leaveVariableDefinition()
    }

    private func walk(_ selectionSet: SelectionSet) {
        if shouldStop() { return }
        typeInfo.enter(selectionSet)
        for visitor in visitors { visitor.enter(selectionSet) }
        for selection in selectionSet.selections {
            if shouldStop() { return }
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread):
                for visitor in visitors { visitor.enter(spread) }
                walk(spread.directives, at: .fragmentSpread)
            case .inlineFragment(let fragment): walk(fragment)
            }
        }
        typeInfo.leaveSelectionSet()
    }

    private func walk(_ field: Field) {
        typeInfo.enter(field)
        for visitor in visitors { visitor.enter(field) }
        walk(field.arguments)
        walk(field.directives, at: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        if shouldStop() { return }
        for visitor in visitors { visitor.leave(field) }
        typeInfo.leaveField()
    }

    private func walk(_ fragment: InlineFragment) {
        typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        for visitor in visitors { visitor.enter(fragment) }
        if let typeCondition = fragment.typeCondition {
            for visitor in visitors { visitor.enterNamedType(typeCondition) }
        }
        walk(fragment.directives, at: .inlineFragment)
        walk(fragment.selectionSet)
        typeInfo.leaveFragment()
    }

    private func walk(_ directives: [Directive], at location: DirectiveLocation) {
        for directive in directives {
            if shouldStop() { return }
            typeInfo.enter(directive)
            for visitor in visitors { visitor.enter(directive, at: location) }
            walk(directive.arguments)
            for visitor in visitors { visitor.leave(directive) }
            typeInfo.leaveDirective()
        }
    }

    private func walk(_ arguments: [Argument]) {
        for argument in arguments {
            if shouldStop() { return }
            typeInfo.enter(argument)
            for visitor in visitors { visitor.enter(argument) }
            walk(argument.value)
            typeInfo.leaveArgument()
        }
    }

    private func walk(_ value: Value) {
        if shouldStop() { return }
        switch value {
        case .list(let items, _):
            typeInfo.enterListValue()
            for visitor in visitors { visitor.enter(value) }
            for item in items { walk(item) }
            for visitor in visitors { visitor.leave(value) }
            typeInfo.leaveListValueOrObjectField()
        case .object(let fields, _):
            for visitor in visitors { visitor.enter(value) }
            for field in fields {
                if shouldStop() { return }
                typeInfo.enterObjectField()
                for visitor in visitors { visitor.enter(field) }
                walk(field.value)
                typeInfo.leaveListValueOrObjectField()
            }
            for visitor in visitors { visitor.leave(value) }
        case .variable, .int, .float, .string, .boolean, .null, .enumValue:
            for visitor in visitors { visitor.enter(value) }
            for visitor in visitors { visitor.leave(value) }
        }
    }
}
