@testable import GraphQL

/// Prints an executable document back to GraphQL text, with `Value.printed` and
/// `TypeNode.printed` for literals and types (the engine's own printers), so that
/// print(parse(print(document))) can be compared with print(document).
/// Also collects every value and location on the way, for the other checks.
struct DocumentPrinter {
    private(set) var text = ""
    private(set) var values: [Value] = []
    private(set) var locations: [SourceLocation] = []

    mutating func print(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                locations.append(operation.loc)
                text += operation.operation.rawValue
                if let name = operation.name { text += " " + name.value; locations.append(name.loc) }
                if !operation.variableDefinitions.isEmpty {
                    text += "("
                    for variable in operation.variableDefinitions {
                        locations.append(variable.loc)
                        text += "$" + variable.variable.value + ": " + variable.type.printed
                        locations.append(variable.type.loc)
                        if let value = variable.defaultValue { text += " = "; print(value) }
                        print(variable.directives)
                        text += " "
                    }
                    text += ")"
                }
                print(operation.directives)
                print(operation.selectionSet)
            case .fragment(let fragment):
                locations.append(fragment.loc)
                text += "fragment " + fragment.name.value + " on " + fragment.typeCondition.value
                print(fragment.directives)
                print(fragment.selectionSet)
            case .typeSystem(let definition):
                locations.append(definition.loc)
                text += "<\(definition.isExtension ? "extend " : "")\(definition.keyword) \(definition.name?.value ?? "")>"
            }
            text += "\n"
        }
    }

    private mutating func print(_ selectionSet: SelectionSet) {
        locations.append(selectionSet.loc)
        text += " {"
        for selection in selectionSet.selections {
            text += " "
            locations.append(selection.loc)
            switch selection {
            case .field(let field):
                if let alias = field.alias { text += alias.value + ": " }
                text += field.name.value
                print(field.arguments)
                print(field.directives)
                if let selectionSet = field.selectionSet { print(selectionSet) }
            case .fragmentSpread(let spread):
                text += "..." + spread.name.value
                print(spread.directives)
            case .inlineFragment(let fragment):
                text += "..."
                if let type = fragment.typeCondition { text += " on " + type.value }
                print(fragment.directives)
                print(fragment.selectionSet)
            }
        }
        text += " }"
    }

    private mutating func print(_ directives: [Directive]) {
        for directive in directives {
            locations.append(directive.loc)
            text += " @" + directive.name.value
            print(directive.arguments)
        }
    }

    private mutating func print(_ arguments: [Argument]) {
        guard !arguments.isEmpty else { return }
        text += "("
        for argument in arguments {
            locations.append(argument.loc)
            text += argument.name.value + ": "
            print(argument.value)
            text += " "
        }
        text += ")"
    }

    private mutating func print(_ value: Value) {
        values.append(value)
        text += value.printed
    }
}

/// A value's structure with its strings spelled by Swift, not by the GraphQL printer: two
/// values with the same dump are the same value.
func dump(_ value: Value) -> String {
    switch value {
    case .variable(let name, _): "var(\(name.value))"
    case .int(let text, _): "int(\(text))"
    case .float(let text, _): "float(\(text))"
    case .string(let string, _, _): "string(\(string.debugDescription))"
    case .boolean(let flag, _): "bool(\(flag))"
    case .null: "null"
    case .enumValue(let name, _): "enum(\(name))"
    case .list(let values, _): "list(" + values.map(dump).joined(separator: ",") + ")"
    case .object(let fields, _): "object(" + fields.map { $0.name.value + ":" + dump($0.value) }.joined(separator: ",") + ")"
    }
}

/// Every location inside `value`, nested ones included.
func locations(in value: Value) -> [SourceLocation] {
    switch value {
    case .list(let values, let loc): [loc] + values.flatMap(locations(in:))
    case .object(let fields, let loc): [loc] + fields.flatMap { [$0.loc, $0.name.loc] + locations(in: $0.value) }
    default: [value.loc]
    }
}
