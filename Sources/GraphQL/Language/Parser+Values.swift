// Spec §2.9 Input Values, §2.11 Type References, §2.12 Directives.
extension Parser {
    /// ```
    /// Value[Const] :
    ///   - [~Const] Variable
    ///   - IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue
    ///   - ListValue[?Const]
    ///   - ObjectValue[?Const]
    /// BooleanValue : one of true false
    /// NullValue : null
    /// EnumValue : Name but not true, false or null
    /// ```
    func parseValueLiteral(isConst: Bool) throws(GraphQLError) -> Value {
        let start = token
        switch start.kind {
        case .bracketL:
            return try parseList(isConst: isConst)
        case .braceL:
            return try parseObject(isConst: isConst)
        case .int:
            try advance()
            return .int(start.value ?? "", loc: start.location)
        case .float:
            try advance()
            return .float(start.value ?? "", loc: start.location)
        case .string, .blockString:
            return try parseStringLiteral()
        case .name:
            try advance()
            switch start.value {
            case "true": return .boolean(true, loc: start.location)
            case "false": return .boolean(false, loc: start.location)
            case "null": return .null(loc: start.location)
            default: return .enumValue(start.value ?? "", loc: start.location)
            }
        case .dollar:
            if isConst {
                try expectToken(.dollar)
                if token.kind == .name, let name = token.value {
                    throw source.syntaxError("Unexpected variable \"$\(name)\" in constant value.", at: start.start)
                }
                throw unexpected(start)
            }
            let variable = try parseVariable()
            return .variable(variable, loc: start.location)
        default:
            throw unexpected()
        }
    }

    /// `StringValue`, single-quoted or block.
    func parseStringLiteral() throws(GraphQLError) -> Value {
        let start = token
        try advance()
        return .string(start.value ?? "", block: start.kind == .blockString, loc: start.location)
    }

    /// `ListValue[Const] : [ ] | [ Value[?Const]+ ]`
    func parseList(isConst: Bool) throws(GraphQLError) -> Value {
        try nested { () throws(GraphQLError) -> Value in
            let start = token
            let values = try any(
                .bracketL, { () throws(GraphQLError) -> Value in try parseValueLiteral(isConst: isConst) }, .bracketR)
            return .list(values, loc: start.location)
        }
    }

    /// `ObjectValue[Const] : { } | { ObjectField[?Const]+ }`
    func parseObject(isConst: Bool) throws(GraphQLError) -> Value {
        try nested { () throws(GraphQLError) -> Value in
            let start = token
            let fields = try any(
                .braceL, { () throws(GraphQLError) -> ObjectField in try parseObjectField(isConst: isConst) }, .braceR)
            return .object(fields, loc: start.location)
        }
    }

    /// `ObjectField[Const] : Name : Value[?Const]`
    func parseObjectField(isConst: Bool) throws(GraphQLError) -> ObjectField {
        let start = token
        let name = try parseName()
        try expectToken(.colon)
        return ObjectField(name: name, value: try parseValueLiteral(isConst: isConst), loc: start.location)
    }

    /// `Directives[Const] : Directive[?Const]+`
    func parseDirectives(isConst: Bool) throws(GraphQLError) -> [Directive] {
        var directives: [Directive] = []
        while peek(.at) { directives.append(try parseDirective(isConst: isConst)) }
        return directives
    }

    /// `Directive[Const] : @ Name Arguments[?Const]?`
    func parseDirective(isConst: Bool) throws(GraphQLError) -> Directive {
        let start = token
        try expectToken(.at)
        let name = try parseName()
        return Directive(name: name, arguments: try parseArguments(isConst: isConst), loc: start.location)
    }

    /// ```
    /// Type : NamedType | ListType | NonNullType
    /// ListType : [ Type ]
    /// NonNullType : NamedType ! | ListType !
    /// ```
    func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = token
        let type: TypeNode
        if peek(.bracketL) {
            let inner = try nested { () throws(GraphQLError) -> TypeNode in
                try expectToken(.bracketL)
                let inner = try parseTypeReference()
                try expectToken(.bracketR)
                return inner
            }
            type = .list(inner, loc: start.location)
        } else {
            type = .named(try parseName())
        }
        if try expectOptionalToken(.bang) { return .nonNull(type, loc: start.location) }
        return type
    }
}
