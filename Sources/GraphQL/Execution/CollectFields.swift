import JSON

/// Spec §6.3.2 CollectFields(objectType, selectionSet, variableValues, visitedFragments):
/// fields grouped by response key in selection order, fragments expanded,
/// `@skip` / `@include` applied (spec §3.13.2, §3.13.3).
struct FieldCollector {
    let schema: Schema
    let fragments: [String: FragmentDefinition]
    let variables: JSONObject

    /// Above this many response keys, grouping switches from a scan to a dictionary.
    private static let linearGroupingLimit = 16

    /// - Parameter depth: the plans' nesting (1 for root fields).
    func collectFields(
        _ objectType: ObjectType, _ selectionSets: [SelectionSet], depth: Int = 1
    ) throws(GraphQLError) -> [FieldPlan] {
        var grouping = Grouping()
        var visitedFragments: Set<String> = []
        for selectionSet in selectionSets {
            try collect(objectType, selectionSet, &grouping, &visitedFragments)
        }
        return grouping.groups.map { group in
            FieldPlan(
                responseKey: group.key, nodes: group.nodes, definition: group.definition, parentType: objectType,
                namedType: schema.type(named: group.definition.type.namedType), depth: depth, schema: schema)
        }
    }

    /// graphql-js `collectSubfields`: the merged sub-selections of a field's nodes.
    func collectSubfields(_ objectType: ObjectType, _ plan: FieldPlan) throws(GraphQLError) -> [FieldPlan] {
        try collectFields(objectType, plan.nodes.compactMap(\.selectionSet), depth: plan.depth + 1)
    }

    private struct Group {
        var key: String
        var nodes: [Field]
        var definition: FieldDefinition
    }

    private struct Grouping {
        var groups: [Group] = []
        var index: [String: Int]?

        func position(of key: String) -> Int? {
            if let index { return index[key] }
            return groups.firstIndex { $0.key == key }
        }

        mutating func add(_ group: Group) {
            groups.append(group)
            if index != nil {
                index?[group.key] = groups.count - 1
            } else if groups.count > FieldCollector.linearGroupingLimit {
                var built: [String: Int] = [:]
                for (position, existing) in groups.enumerated() { built[existing.key] = position }
                index = built
            }
        }
    }

    private func collect(
        _ objectType: ObjectType, _ selectionSet: SelectionSet,
        _ grouping: inout Grouping, _ visitedFragments: inout Set<String>
    ) throws(GraphQLError) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard try shouldInclude(field.directives) else { continue }
                let key = field.responseKey
                if let position = grouping.position(of: key) {
                    grouping.groups[position].nodes.append(field)
                } else if let definition = schema.field(named: field.name.value, on: objectType) {
                    // Fields the type does not define are skipped (validation reports them).
                    grouping.add(Group(key: key, nodes: [field], definition: definition))
                }
            case .inlineFragment(let fragment):
                guard try shouldInclude(fragment.directives),
                    fragment.typeCondition.map({ $0.value == objectType.name }) ?? true
                else { continue }
                try collect(objectType, fragment.selectionSet, &grouping, &visitedFragments)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visitedFragments.contains(name), try shouldInclude(spread.directives) else { continue }
                visitedFragments.insert(name)
                guard let fragment = fragments[name], fragment.typeCondition.value == objectType.name else { continue }
                try collect(objectType, fragment.selectionSet, &grouping, &visitedFragments)
            }
        }
    }

    /// graphql-js `shouldIncludeNode`.
    private func shouldInclude(_ directives: [Directive]) throws(GraphQLError) -> Bool {
        for directive in directives {
            switch directive.name.value {
            case "skip": if try condition(directive, SpecifiedDirectives.skip) { return false }
            case "include": if try !condition(directive, SpecifiedDirectives.include) { return false }
            default: continue
            }
        }
        return true
    }

    /// The `if:` argument; literal and variable forms without building an argument object.
    private func condition(_ directive: Directive, _ definition: DirectiveDefinition) throws(GraphQLError) -> Bool {
        if directive.arguments.count == 1, directive.arguments[0].name.value == "if" {
            switch directive.arguments[0].value {
            case .boolean(let flag, _): return flag
            case .variable(let name, _): if case .bool(let flag) = variables[name.value] { return flag }
            default: break
            }
        }
        let arguments = try coerceArgumentValues(
            definitions: definition.arguments, arguments: directive.arguments, nodeLocation: directive.loc,
            schema: schema, variables: variables)
        guard case .bool(let flag) = arguments["if"] else {
            throw GraphQLError(
                "Argument \"if\" of required type \"Boolean!\" was not provided.",
                locations: [directive.loc], code: .badUserInput)
        }
        return flag
    }
}
