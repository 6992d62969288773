import JSON

/// Spec §6.3.2 CollectFields(objectType, selectionSet, variableValues, visitedFragments):
/// fields grouped by response key in selection order, fragments expanded,
/// `@skip` / `@include` applied (spec §3.13.2, §3.13.3).
///
/// `@defer` is decided here too, in the same one collection: a group whose
/// every node came through a fragment with an applying `@defer` carries that
/// fragment's `DeferUsage` (the first one met); a node from anywhere else
/// makes the group plain. The grouping itself never changes, so a deferred
/// field is executed once, merged with its other nodes, and counted by the
/// bounds like any other; only where its bytes go differs
/// (`Executor.deferredFields`).
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
        var visitedFragments: [String: Visit] = [:]
        for selectionSet in selectionSets {
            try collect(objectType, selectionSet, &grouping, &visitedFragments, deferral: nil)
        }
        return grouping.groups.map { group in
            FieldPlan(
                responseKey: group.key, nodes: group.nodes, definition: group.definition, parentType: objectType,
                namedType: schema.type(named: group.definition.type.namedType), depth: depth, schema: schema,
                deferral: group.deferral)
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
        /// The fragment that defers every node so far; nil once any node is plain.
        var deferral: DeferUsage?
    }

    /// How a fragment was visited: a plain visit makes a later one pointless,
    /// a deferred one does not (a plain spread of the same fragment makes its fields plain).
    private enum Visit {
        case plain, deferred
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

    /// - Parameters:
    ///   - deferral: the deferred fragment this selection set is inside, if
    ///     any (a `@defer` within it comes with it: not deferred again).
    ///   - revisiting: inside a fragment collected deferred before, now plainly.
    private func collect(
        _ objectType: ObjectType, _ selectionSet: SelectionSet,
        _ grouping: inout Grouping, _ visitedFragments: inout [String: Visit], deferral: DeferUsage?,
        revisiting: Bool = false
    ) throws(GraphQLError) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard try shouldInclude(field.directives) else { continue }
                let key = field.responseKey
                if let position = grouping.position(of: key) {
                    if deferral == nil { grouping.groups[position].deferral = nil }
                    // A fragment visited deferred, now plainly: its nodes may be in the group already.
                    if revisiting, grouping.groups[position].nodes.contains(where: { $0.loc.offset == field.loc.offset }) { continue }
                    grouping.groups[position].nodes.append(field)
                } else if let definition = schema.field(named: field.name.value, on: objectType) {
                    // Fields the type does not define are skipped (validation reports them).
                    grouping.add(Group(key: key, nodes: [field], definition: definition, deferral: deferral))
                }
            case .inlineFragment(let fragment):
                guard try shouldInclude(fragment.directives),
                    fragment.typeCondition.map({ $0.value == objectType.name }) ?? true
                else { continue }
                var inner = deferral
                if inner == nil { inner = try deferUsage(fragment.directives, at: fragment.loc) }
                try collect(objectType, fragment.selectionSet, &grouping, &visitedFragments, deferral: inner, revisiting: revisiting)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                // Spec: a fragment is collected once; here once plainly, and once
                // deferred at most before that (the same fragment spread deferred 2,000
                // times is one deferred fragment, not 2,000).
                guard visitedFragments[name] != .plain, try shouldInclude(spread.directives) else { continue }
                var inner = deferral
                if inner == nil { inner = try deferUsage(spread.directives, at: spread.loc) }
                let visitedDeferred = visitedFragments[name] == .deferred
                if inner != nil, visitedDeferred { continue }
                visitedFragments[name] = inner == nil ? .plain : .deferred
                guard let fragment = fragments[name], fragment.typeCondition.value == objectType.name else { continue }
                try collect(
                    objectType, fragment.selectionSet, &grouping, &visitedFragments, deferral: inner,
                    revisiting: revisiting || visitedDeferred)
            }
        }
    }

    /// The `@defer` that applies to a fragment (`if` absent or true), as a
    /// usage of its own; nil without one. `at` tells usages apart.
    private func deferUsage(_ directives: [Directive], at location: SourceLocation) throws(GraphQLError) -> DeferUsage? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        let arguments = try coerceArgumentValues(
            definitions: IncrementalDirectives.defer.arguments, arguments: directive.arguments, nodeLocation: directive.loc,
            schema: schema, variables: variables)
        if case .bool(false)? = arguments["if"] { return nil }
        var label: String?
        if case .string(let text)? = arguments["label"] { label = text }
        return DeferUsage(label: label, offset: location.offset)
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
