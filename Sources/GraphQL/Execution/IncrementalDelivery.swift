import JSON

/// `@defer` (graphql-js 17's definition): a fragment whose fields may come
/// after the rest of the answer. Not a specified directive; a schema that
/// serves incremental delivery lists it.
package enum IncrementalDirectives {
    package static let `defer` = DirectiveDefinition(
        name: "defer",
        description: "Directs the executor to defer this fragment when the `if` argument is true or undefined.",
        locations: [.fragmentSpread, .inlineFragment],
        arguments: [
            InputValueDefinition(name: "if", description: "Deferred when true or undefined.", type: .nonNull(.named("Boolean")), defaultValue: .bool(true)),
            InputValueDefinition(name: "label", description: "Unique name", type: .named("String")),
        ])
}

/// Incremental delivery in the 2022-08-24 format that Apollo's clients
/// implement: an executed answer split by its `@defer` fragments into an
/// initial payload without the deferred fields (`"hasNext": true`), then
/// one payload whose `incremental` entries carry each deferred fragment's
/// fields with their `path` (and `label`), `"hasNext": false`.
///
/// The split is made from the whole answer, executed once: merging the
/// payloads gives exactly the plain answer. Errors travel in the initial
/// payload. Nested `@defer` inside a deferred fragment comes with it.
package enum IncrementalDelivery {
    /// The payloads of `response` (the executed `{"data": …}` of
    /// `operation`); nil when no `@defer` applies (or there is no data):
    /// then the plain answer is the answer.
    static func payloads(
        of response: [UInt8], operation: OperationDefinition, fragments: [String: FragmentDefinition], variables: JSONObject?
    ) -> [JSONObject]? {
        guard case .object(let answer)? = try? JSONParser.parse(response), case .object(let data)? = answer["data"] else { return nil }
        // Variables as execution saw them: given, else their literal defaults.
        var values = variables ?? JSONObject()
        for definition in operation.variableDefinitions where values[definition.variable.value] == nil {
            if case .boolean(let flag, _)? = definition.defaultValue { values[definition.variable.value] = .bool(flag) }
            if case .string(let text, _, _)? = definition.defaultValue { values[definition.variable.value] = .string(text) }
        }
        var splitter = Splitter(fragments: fragments, variables: values)
        let initial = splitter.project(.object(data), [operation.selectionSet], path: [], deferring: true)
        guard !splitter.deferred.isEmpty else { return nil }
        var first = JSONObject()
        if let errors = answer["errors"] { first.appendUnique("errors", errors) }
        first.appendUnique("data", initial)
        first.appendUnique("hasNext", .bool(true))
        var entries: [JSONValue] = []
        for record in splitter.deferred {
            var entry = JSONObject()
            entry.appendUnique("data", splitter.project(record.value, [record.selectionSet], path: record.path, deferring: false))
            entry.appendUnique("path", .array(record.path))
            if let label = record.label { entry.appendUnique("label", .string(label)) }
            entries.append(.object(entry))
        }
        var last = JSONObject()
        last.appendUnique("incremental", .array(entries))
        last.appendUnique("hasNext", .bool(false))
        return [first, last]
    }

    /// A deferred fragment met on an object of the answer.
    struct Record {
        var path: [JSONValue]
        var selectionSet: SelectionSet
        var label: String?
        var value: JSONValue
    }

    struct Splitter {
        let fragments: [String: FragmentDefinition]
        let variables: JSONObject
        var deferred: [Record] = []

        /// `value` with only what `selectionSets` select (by response key,
        /// fragments expanded, `@skip`/`@include` applied), in the answer's
        /// order; deferred fragments left out and recorded when `deferring`.
        mutating func project(_ value: JSONValue, _ selectionSets: [SelectionSet], path: [JSONValue], deferring: Bool) -> JSONValue {
            switch value {
            case .array(let elements):
                return .array(elements.enumerated().map { index, element in
                    project(element, selectionSets, path: path + [.int(index)], deferring: deferring)
                })
            case .object(let object):
                var selected: [String: [SelectionSet]] = [:]
                var visited: Set<String> = []
                for selectionSet in selectionSets {
                    collect(selectionSet, object: object, path: path, deferring: deferring, into: &selected, visited: &visited)
                }
                var result = JSONObject()
                for member in object.members {
                    guard let subselections = selected[member.key] else { continue }
                    let projected = subselections.isEmpty
                        ? member.value : project(member.value, subselections, path: path + [.string(member.key)], deferring: deferring)
                    result.appendUnique(member.key, projected)
                }
                return .object(result)
            default:
                return value
            }
        }

        private mutating func collect(
            _ selectionSet: SelectionSet, object: JSONObject, path: [JSONValue], deferring: Bool,
            into selected: inout [String: [SelectionSet]], visited: inout Set<String>
        ) {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    guard includes(field.directives) else { continue }
                    var subselections = selected[field.responseKey] ?? []
                    if let set = field.selectionSet { subselections.append(set) }
                    selected[field.responseKey] = subselections
                case .inlineFragment(let fragment):
                    guard includes(fragment.directives) else { continue }
                    if deferring, let use = deferral(fragment.directives) {
                        deferred.append(Record(path: path, selectionSet: fragment.selectionSet, label: use.label, value: .object(object)))
                        continue
                    }
                    collect(fragment.selectionSet, object: object, path: path, deferring: deferring, into: &selected, visited: &visited)
                case .fragmentSpread(let spread):
                    guard includes(spread.directives), let fragment = fragments[spread.name.value] else { continue }
                    if deferring, let use = deferral(spread.directives) {
                        deferred.append(Record(path: path, selectionSet: fragment.selectionSet, label: use.label, value: .object(object)))
                        continue
                    }
                    guard visited.insert(spread.name.value).inserted else { continue }
                    collect(fragment.selectionSet, object: object, path: path, deferring: deferring, into: &selected, visited: &visited)
                }
            }
        }

        /// `@skip`/`@include` as the executor applies them (literal or variable `if`).
        private func includes(_ directives: [Directive]) -> Bool {
            for directive in directives {
                if directive.name.value == "skip", condition(directive) == true { return false }
                if directive.name.value == "include", condition(directive) == false { return false }
            }
            return true
        }

        /// A `@defer` that applies: its `if` absent or true.
        struct Deferral {
            var label: String?
        }

        private func deferral(_ directives: [Directive]) -> Deferral? {
            guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
            guard condition(directive) ?? true else { return nil }
            let label = directive.arguments.first { $0.name.value == "label" }.flatMap { argument -> String? in
                switch argument.value {
                case .string(let text, _, _): text
                case .variable(let name, _): if case .string(let text)? = variables[name.value] { text } else { nil }
                default: nil
                }
            }
            return Deferral(label: label)
        }

        private func condition(_ directive: Directive) -> Bool? {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return nil }
            switch argument.value {
            case .boolean(let flag, _): return flag
            case .variable(let name, _): if case .bool(let flag)? = variables[name.value] { return flag }; return nil
            default: return nil
            }
        }
    }
}

extension PreparedDocument {
    /// `IncrementalDelivery.payloads` for an answer of this document's `operation`.
    package func incrementalPayloads(of response: [UInt8], operation: OperationDefinition, variables: JSONObject?) -> [JSONObject]? {
        IncrementalDelivery.payloads(of: response, operation: operation, fragments: fragments, variables: variables)
    }
}
