/// The schema in SDL, as graphql-js `printSchema` prints it
/// (utilities/printSchema.ts): no built-in scalars, introspection types or
/// specified directives; types in type-map order; descriptions as block
/// strings where they can be; entries separated by a blank line.
package func printSchema(_ schema: Schema) -> String {
    var entries: [String] = []
    if let definition = printSchemaDefinition(schema) { entries.append(definition) }
    let specified = Set(SpecifiedDirectives.all.map(\.name))
    for directive in schema.directives where !specified.contains(directive.name) {
        entries.append(printDirective(directive, schema))
    }
    for type in schema.typeMapOrder
    where !BuiltInScalars.isBuiltIn(type.name) && !Introspection.isIntrospectionType(type.name) {
        entries.append(printType(type, schema))
    }
    return entries.joined(separator: "\n\n")
}

/// Omitted when the roots have the conventional names (`Query`, `Mutation`, `Subscription`).
private func printSchemaDefinition(_ schema: Schema) -> String? {
    let conventional = schema.queryType.name == "Query" && (schema.mutationType.map { $0.name == "Mutation" } ?? true)
        && (schema.subscriptionType.map { $0.name == "Subscription" } ?? true)
    if conventional { return nil }
    var lines = ["  query: \(schema.queryType.name)"]
    if let mutation = schema.mutationType { lines.append("  mutation: \(mutation.name)") }
    if let subscription = schema.subscriptionType { lines.append("  subscription: \(subscription.name)") }
    return "schema {\n" + lines.joined(separator: "\n") + "\n}"
}

private func printType(_ type: NamedType, _ schema: Schema) -> String {
    switch type {
    case .scalar(let scalar):
        var text = printDescription(scalar.description) + "scalar \(scalar.name)"
        if let url = scalar.specifiedByURL { text += " @specifiedBy(url: \(printString(url)))" }
        return text
    case .object(let object):
        let fields = object.fields.enumerated().map { index, field in
            printDescription(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  \(field.name)" + printArguments(field.arguments, schema, indentation: "  ")
                + ": \(field.type)" + printDeprecated(field.deprecationReason)
        }
        return printDescription(object.description) + "type \(object.name)" + printBlock(fields)
    case .enumeration(let enumeration):
        let values = enumeration.values.enumerated().map { index, value in
            printDescription(value.description, indentation: "  ", firstInBlock: index == 0)
                + "  \(value.name)" + printDeprecated(value.deprecationReason)
        }
        return printDescription(enumeration.description) + "enum \(enumeration.name)" + printBlock(values)
    }
}

private func printDirective(_ directive: DirectiveDefinition, _ schema: Schema) -> String {
    printDescription(directive.description) + "directive @\(directive.name)"
        + printArguments(directive.arguments, schema) + (directive.isRepeatable ? " repeatable" : "")
        + " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
}

private func printBlock(_ items: [String]) -> String {
    items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
}

private func printArguments(_ arguments: [InputValueDefinition], _ schema: Schema, indentation: String = "") -> String {
    if arguments.isEmpty { return "" }
    if arguments.allSatisfy({ ($0.description ?? "").isEmpty }) {
        return "(" + arguments.map { printInputValue($0, schema) }.joined(separator: ", ") + ")"
    }
    let lines = arguments.enumerated().map { index, argument in
        printDescription(argument.description, indentation: "  " + indentation, firstInBlock: index == 0)
            + "  " + indentation + printInputValue(argument, schema)
    }
    return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
}

private func printInputValue(_ argument: InputValueDefinition, _ schema: Schema) -> String {
    var text = "\(argument.name): \(argument.type)"
    if let value = argument.defaultValue {
        text += " = " + printDefaultValue(value, type: argument.type, schema: schema)
    }
    return text
}

private func printDeprecated(_ reason: String?) -> String {
    guard let reason else { return "" }
    if reason == "No longer supported" { return " @deprecated" }
    return " @deprecated(reason: \(printString(reason)))"
}

private func printDescription(_ description: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
    guard let description else { return "" }
    let literal = isPrintableAsBlockString(description) ? BlockString.print(description) : printString(description)
    let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
    return prefix + literal.replacing("\n", with: "\n" + indentation) + "\n"
}

/// graphql-js `isPrintableAsBlockString`.
func isPrintableAsBlockString(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\n":
            if isEmptyLine && !seenNonEmptyLine { return false }
            seenNonEmptyLine = true
            isEmptyLine = true
            hasIndent = false
        case " ", "\t":
            hasIndent = hasIndent || isEmptyLine
        default:
            if scalar.value <= 0x0F { return false }
            hasCommonIndent = hasCommonIndent && hasIndent
            isEmptyLine = false
        }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
}
