// Spec §2.3 Operations, §2.4 Selection Sets, §2.5 Fields, §2.6 Arguments,
// §2.8 Fragments, §2.10 Variables.
extension Parser {
    /// ```
    /// OperationDefinition :
    ///   - SelectionSet
    ///   - OperationType Name? VariablesDefinition? Directives? SelectionSet
    /// ```
    func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
        let start = token
        if peek(.braceL) {
            return OperationDefinition(
                operation: .query, name: nil, variableDefinitions: [], directives: [],
                selectionSet: try parseSelectionSet(), loc: start.location)
        }
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        return OperationDefinition(
            operation: operation, name: name, variableDefinitions: try parseVariableDefinitions(),
            directives: try parseDirectives(isConst: false), selectionSet: try parseSelectionSet(),
            loc: start.location)
    }

    /// `OperationType : one of query mutation subscription`
    func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = try expectToken(.name)
        guard let value = operationToken.value, let operation = OperationType(rawValue: value) else {
            throw unexpected(operationToken)
        }
        return operation
    }

    /// `VariablesDefinition : ( VariableDefinition+ )`
    func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
        try optionalMany(.parenL, parseVariableDefinition, .parenR)
    }

    /// `VariableDefinition : Variable : Type DefaultValue? Directives[Const]?`
    func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
        let start = token
        let variable = try parseVariable()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptionalToken(.equals) ? try parseValueLiteral(isConst: true) : nil
        return VariableDefinition(
            variable: variable, type: type, defaultValue: defaultValue,
            directives: try parseDirectives(isConst: true), loc: start.location)
    }

    /// `Variable : $ Name` (the name carries the location of `$`).
    func parseVariable() throws(GraphQLError) -> Name {
        let dollar = try expectToken(.dollar)
        return Name(try parseName().value, loc: dollar.location)
    }

    /// `SelectionSet : { Selection+ }`
    func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        try nested { () throws(GraphQLError) -> SelectionSet in
            let start = token
            return SelectionSet(selections: try many(.braceL, parseSelection, .braceR), loc: start.location)
        }
    }

    /// `Selection : Field | FragmentSpread | InlineFragment`
    func parseSelection() throws(GraphQLError) -> Selection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    /// `Field : Alias? Name Arguments? Directives? SelectionSet?`
    func parseField() throws(GraphQLError) -> Field {
        let start = token
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptionalToken(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        return Field(
            alias: alias, name: name, arguments: try parseArguments(isConst: false),
            directives: try parseDirectives(isConst: false),
            selectionSet: peek(.braceL) ? try parseSelectionSet() : nil, loc: start.location)
    }

    /// `Arguments[Const] : ( Argument[?Const]+ )`
    func parseArguments(isConst: Bool) throws(GraphQLError) -> [Argument] {
        try optionalMany(.parenL, { () throws(GraphQLError) -> Argument in try parseArgument(isConst: isConst) }, .parenR)
    }

    /// `Argument[Const] : Name : Value[?Const]`
    func parseArgument(isConst: Bool) throws(GraphQLError) -> Argument {
        let start = token
        let name = try parseName()
        try expectToken(.colon)
        return Argument(name: name, value: try parseValueLiteral(isConst: isConst), loc: start.location)
    }

    /// ```
    /// FragmentSpread : ... FragmentName Directives?
    /// InlineFragment : ... TypeCondition? Directives? SelectionSet
    /// ```
    func parseFragment() throws(GraphQLError) -> Selection {
        let start = token
        try expectToken(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition, peek(.name) {
            return .fragmentSpread(
                FragmentSpread(
                    name: try parseFragmentName(), directives: try parseDirectives(isConst: false),
                    loc: start.location))
        }
        return .inlineFragment(
            InlineFragment(
                typeCondition: hasTypeCondition ? try parseName() : nil,
                directives: try parseDirectives(isConst: false), selectionSet: try parseSelectionSet(),
                loc: start.location))
    }

    /// ```
    /// FragmentDefinition : fragment FragmentName TypeCondition Directives? SelectionSet
    /// TypeCondition : on NamedType
    /// ```
    func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
        let start = token
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        return FragmentDefinition(
            name: name, typeCondition: try parseName(), directives: try parseDirectives(isConst: false),
            selectionSet: try parseSelectionSet(), loc: start.location)
    }

    /// `FragmentName : Name but not on`
    func parseFragmentName() throws(GraphQLError) -> Name {
        if token.value == "on", token.kind == .name { throw unexpected() }
        return try parseName()
    }
}
