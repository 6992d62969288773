// The executable-document AST of the GraphQL specification (October 2021),
// section 2. Every node carries the location of its first token.

/// `Name :: NameStart NameContinue*`
package struct Name: Sendable, Hashable {
    package var value: String
    package var loc: SourceLocation
    package init(_ value: String, loc: SourceLocation) {
        self.value = value
        self.loc = loc
    }
}

/// `Document : Definition+`
package struct Document: Sendable {
    package var definitions: [Definition]
    package init(definitions: [Definition]) { self.definitions = definitions }

    package var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let op) = $0 { op } else { nil } }
    }

    package var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }
}

/// `Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension`
package enum Definition: Sendable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    /// Parsed so that it can be reported by validation (ExecutableDefinitionsRule);
    /// never executed.
    case typeSystem(TypeSystemDefinition)

    package var loc: SourceLocation {
        switch self {
        case .operation(let op): op.loc
        case .fragment(let fragment): fragment.loc
        case .typeSystem(let definition): definition.loc
        }
    }
}

/// A type-system definition or extension (`type X { ... }`, `extend schema ...`):
/// only what validation needs to report it.
package struct TypeSystemDefinition: Sendable {
    /// `schema`, `scalar`, `type`, `interface`, `union`, `enum`, `input` or `directive`.
    package var keyword: String
    package var isExtension: Bool
    /// The defined name; nil for `schema` definitions.
    package var name: Name?
    package var loc: SourceLocation
    package init(keyword: String, isExtension: Bool, name: Name?, loc: SourceLocation) {
        self.keyword = keyword
        self.isExtension = isExtension
        self.name = name
        self.loc = loc
    }
}

package enum OperationType: String, Sendable, Hashable {
    case query, mutation, subscription
}

/// `OperationDefinition : OperationType Name? VariablesDefinition? Directives? SelectionSet | SelectionSet`
package struct OperationDefinition: Sendable {
    package var operation: OperationType
    package var name: Name?
    package var variableDefinitions: [VariableDefinition]
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    package var loc: SourceLocation
    package init(
        operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition],
        directives: [Directive], selectionSet: SelectionSet, loc: SourceLocation
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.loc = loc
    }
}

/// `VariableDefinition : Variable : Type DefaultValue? Directives[Const]?`
package struct VariableDefinition: Sendable {
    /// The variable's name without `$`; `variable.loc` is the location of `$`.
    package var variable: Name
    package var type: TypeNode
    package var defaultValue: Value?
    package var directives: [Directive]
    package var loc: SourceLocation
    package init(variable: Name, type: TypeNode, defaultValue: Value?, directives: [Directive], loc: SourceLocation) {
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.loc = loc
    }
}

/// `Type : NamedType | ListType | NonNullType`
package indirect enum TypeNode: Sendable, Hashable {
    case named(Name)
    case list(TypeNode, loc: SourceLocation)
    case nonNull(TypeNode, loc: SourceLocation)

    package var loc: SourceLocation {
        switch self {
        case .named(let name): name.loc
        case .list(_, let loc), .nonNull(_, let loc): loc
        }
    }

    /// The innermost named type.
    package var namedType: Name {
        switch self {
        case .named(let name): name
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }
}

/// `SelectionSet : { Selection+ }`
package struct SelectionSet: Sendable {
    package var selections: [Selection]
    package var loc: SourceLocation
    package init(selections: [Selection], loc: SourceLocation) {
        self.selections = selections
        self.loc = loc
    }
}

/// `Selection : Field | FragmentSpread | InlineFragment`
package enum Selection: Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    package var loc: SourceLocation {
        switch self {
        case .field(let field): field.loc
        case .fragmentSpread(let spread): spread.loc
        case .inlineFragment(let fragment): fragment.loc
        }
    }

    package var directives: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let fragment): fragment.directives
        }
    }
}

/// `Field : Alias? Name Arguments? Directives? SelectionSet?`
package struct Field: Sendable {
    package var alias: Name?
    package var name: Name
    package var arguments: [Argument]
    package var directives: [Directive]
    package var selectionSet: SelectionSet?
    package var loc: SourceLocation
    package init(
        alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
        selectionSet: SelectionSet?, loc: SourceLocation
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.loc = loc
    }

    /// The key of this field in the response: its alias, or else its name.
    package var responseKey: String { alias?.value ?? name.value }
}

/// `Argument : Name : Value`
package struct Argument: Sendable {
    package var name: Name
    package var value: Value
    package var loc: SourceLocation
    package init(name: Name, value: Value, loc: SourceLocation) {
        self.name = name
        self.value = value
        self.loc = loc
    }
}

/// `FragmentSpread : ... FragmentName Directives?`
package struct FragmentSpread: Sendable {
    package var name: Name
    package var directives: [Directive]
    package var loc: SourceLocation
    package init(name: Name, directives: [Directive], loc: SourceLocation) {
        self.name = name
        self.directives = directives
        self.loc = loc
    }
}

/// `InlineFragment : ... TypeCondition? Directives? SelectionSet`
package struct InlineFragment: Sendable {
    package var typeCondition: Name?
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    package var loc: SourceLocation
    package init(typeCondition: Name?, directives: [Directive], selectionSet: SelectionSet, loc: SourceLocation) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.loc = loc
    }
}

/// `FragmentDefinition : fragment FragmentName TypeCondition Directives? SelectionSet`
package struct FragmentDefinition: Sendable {
    package var name: Name
    package var typeCondition: Name
    package var directives: [Directive]
    package var selectionSet: SelectionSet
    package var loc: SourceLocation
    package init(name: Name, typeCondition: Name, directives: [Directive], selectionSet: SelectionSet, loc: SourceLocation) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.loc = loc
    }
}

/// `Directive : @ Name Arguments?`
package struct Directive: Sendable {
    package var name: Name
    package var arguments: [Argument]
    package var loc: SourceLocation
    package init(name: Name, arguments: [Argument], loc: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.loc = loc
    }
}

/// `Value : Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue | ObjectValue`
package indirect enum Value: Sendable {
    /// The variable's name without `$`; the location is that of `$`.
    case variable(Name, loc: SourceLocation)
    /// The literal's source text, e.g. `-12`.
    case int(String, loc: SourceLocation)
    /// The literal's source text, e.g. `1.5e3`.
    case float(String, loc: SourceLocation)
    /// The string's value, escapes and block-string indentation already resolved.
    case string(String, block: Bool, loc: SourceLocation)
    case boolean(Bool, loc: SourceLocation)
    case null(loc: SourceLocation)
    case enumValue(String, loc: SourceLocation)
    case list([Value], loc: SourceLocation)
    case object([ObjectField], loc: SourceLocation)

    package var loc: SourceLocation {
        switch self {
        case .variable(_, let loc), .int(_, let loc), .float(_, let loc), .string(_, _, let loc),
            .boolean(_, let loc), .null(let loc), .enumValue(_, let loc), .list(_, let loc),
            .object(_, let loc):
            loc
        }
    }
}

/// `ObjectField : Name : Value`
package struct ObjectField: Sendable {
    package var name: Name
    package var value: Value
    package var loc: SourceLocation
    package init(name: Name, value: Value, loc: SourceLocation) {
        self.name = name
        self.value = value
        self.loc = loc
    }
}
