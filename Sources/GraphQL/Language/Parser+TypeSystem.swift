// Spec §3 Type System: parsed in full only so that validation can report
// them (ExecutableDefinitionsRule); their contents are not kept.
extension TypeSystemDefinition {
    /// Names that start a type-system definition (after an optional description).
    static let definitionKeywords: Set<String> = [
        "schema", "scalar", "type", "interface", "union", "enum", "input", "directive",
    ]
}

extension Parser {
    var peekDescription: Bool { peek(.string) || peek(.blockString) }

    /// `Description : StringValue`
    func parseDescription() throws(GraphQLError) {
        if peekDescription { _ = try parseStringLiteral() }
    }

    /// ```
    /// TypeSystemDefinition : SchemaDefinition | TypeDefinition | DirectiveDefinition
    /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
    /// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
    /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
    /// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? repeatable? on DirectiveLocations
    /// ```
    func parseTypeSystemDefinition() throws(GraphQLError) -> TypeSystemDefinition {
        let start = token
        try parseDescription()
        let keyword = token.value ?? ""
        try advance()
        var name: Name? = nil
        switch keyword {
        case "schema":
            _ = try parseDirectives(isConst: true)
            _ = try many(.braceL, parseOperationTypeDefinition, .braceR)
        case "directive":
            try expectToken(.at)
            name = try parseName()
            _ = try parseArgumentDefinitions()
            _ = try expectOptionalKeyword("repeatable")
            try expectKeyword("on")
            _ = try delimitedMany(.pipe, parseDirectiveLocation)
        default:
            name = try parseName()
            _ = try parseTypeBody(keyword)
        }
        return TypeSystemDefinition(keyword: keyword, isExtension: false, name: name, loc: start.location)
    }

    /// The part of a type definition or extension after its name; returns
    /// whether anything was present (an extension must extend something).
    private func parseTypeBody(_ keyword: String) throws(GraphQLError) -> Bool {
        switch keyword {
        case "type", "interface":
            let interfaces = try parseImplementsInterfaces()
            let directives = try parseDirectives(isConst: true)
            let fields = try optionalMany(.braceL, parseFieldDefinition, .braceR)
            return !(interfaces.isEmpty && directives.isEmpty && fields.isEmpty)
        case "union":
            let directives = try parseDirectives(isConst: true)
            // `UnionMemberTypes : = |? NamedType (| NamedType)*`
            let types = try expectOptionalToken(.equals) ? try delimitedMany(.pipe, parseName) : []
            return !(directives.isEmpty && types.isEmpty)
        case "enum":
            let directives = try parseDirectives(isConst: true)
            let values = try optionalMany(.braceL, parseEnumValueDefinition, .braceR)
            return !(directives.isEmpty && values.isEmpty)
        case "input":
            let directives = try parseDirectives(isConst: true)
            let fields = try optionalMany(.braceL, parseInputValueDefinition, .braceR)
            return !(directives.isEmpty && fields.isEmpty)
        default:  // scalar
            return try !parseDirectives(isConst: true).isEmpty
        }
    }

    /// ```
    /// TypeSystemExtension : SchemaExtension | TypeExtension
    /// SchemaExtension :
    ///   - extend schema Directives[Const]? { RootOperationTypeDefinition+ }
    ///   - extend schema Directives[Const]
    /// TypeExtension : extend (scalar | type | interface | union | enum | input) Name ...
    /// ```
    func parseTypeSystemExtension() throws(GraphQLError) -> TypeSystemDefinition {
        let start = token
        let keywordToken = try lookahead()
        guard keywordToken.kind == .name, let keyword = keywordToken.value,
            TypeSystemDefinition.definitionKeywords.contains(keyword), keyword != "directive"
        else { throw unexpected(keywordToken) }
        try expectKeyword("extend")
        try advance()
        var name: Name? = nil
        let hasContent: Bool
        if keyword == "schema" {
            let directives = try parseDirectives(isConst: true)
            let operationTypes = try optionalMany(.braceL, parseOperationTypeDefinition, .braceR)
            hasContent = !(directives.isEmpty && operationTypes.isEmpty)
        } else {
            name = try parseName()
            hasContent = try parseTypeBody(keyword)
        }
        guard hasContent else { throw unexpected() }
        return TypeSystemDefinition(keyword: keyword, isExtension: true, name: name, loc: start.location)
    }

    /// `RootOperationTypeDefinition : OperationType : NamedType`
    func parseOperationTypeDefinition() throws(GraphQLError) -> Name {
        _ = try parseOperationType()
        try expectToken(.colon)
        return try parseName()
    }

    /// `ImplementsInterfaces : implements &? NamedType (& NamedType)*`
    func parseImplementsInterfaces() throws(GraphQLError) -> [Name] {
        try expectOptionalKeyword("implements") ? try delimitedMany(.amp, parseName) : []
    }

    /// `FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?`
    func parseFieldDefinition() throws(GraphQLError) -> Name {
        try parseDescription()
        let name = try parseName()
        _ = try parseArgumentDefinitions()
        try expectToken(.colon)
        _ = try parseTypeReference()
        _ = try parseDirectives(isConst: true)
        return name
    }

    /// `ArgumentsDefinition : ( InputValueDefinition+ )`
    func parseArgumentDefinitions() throws(GraphQLError) -> [Name] {
        try optionalMany(.parenL, parseInputValueDefinition, .parenR)
    }

    /// `InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?`
    func parseInputValueDefinition() throws(GraphQLError) -> Name {
        try parseDescription()
        let name = try parseName()
        try expectToken(.colon)
        _ = try parseTypeReference()
        if try expectOptionalToken(.equals) { _ = try parseValueLiteral(isConst: true) }
        _ = try parseDirectives(isConst: true)
        return name
    }

    /// `EnumValueDefinition : Description? EnumValue Directives[Const]?`
    func parseEnumValueDefinition() throws(GraphQLError) -> Name {
        try parseDescription()
        // `EnumValue : Name but not true, false or null`
        if token.kind == .name, ["true", "false", "null"].contains(token.value ?? "") {
            throw source.syntaxError(
                "\(token.description) is reserved and cannot be used for an enum value.", at: token.start)
        }
        let name = try parseName()
        _ = try parseDirectives(isConst: true)
        return name
    }

    /// `DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation`
    func parseDirectiveLocation() throws(GraphQLError) -> Name {
        let start = token
        let name = try parseName()
        guard Self.directiveLocations.contains(name.value) else { throw unexpected(start) }
        return name
    }

    static let directiveLocations: Set<String> = [
        "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
        "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION",
        "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT",
        "INPUT_FIELD_DEFINITION",
    ]
}
