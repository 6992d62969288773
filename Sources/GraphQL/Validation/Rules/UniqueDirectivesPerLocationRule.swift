// Spec §5.7.3 Directives Are Unique Per Location: "For every location in the
// document for which Directives can apply: let directives be the set of
// Directives which apply to location and are not repeatable; for each
// directive in directives: let directiveName be the name of directive; let
// namedDirectives be the set of all Directives named directiveName in
// directives; namedDirectives must be a set of one." Unknown directives are
// KnownDirectivesRule's to report.
final class UniqueDirectivesPerLocationRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ operation: OperationDefinition) { check(operation.directives) }
    func enter(_ fragment: FragmentDefinition) { check(fragment.directives) }
    func enter(_ variableDefinition: VariableDefinition) { check(variableDefinition.directives) }
    func enter(_ field: Field) { check(field.directives) }
    func enter(_ spread: FragmentSpread) { check(spread.directives) }
    func enter(_ inlineFragment: InlineFragment) { check(inlineFragment.directives) }

    private func check(_ directives: [Directive]) {
        var seen: [String: Directive] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directive(named: name), !definition.isRepeatable else { continue }
            if let first = seen[name] {
                context.report(
                    "The directive \"@\(name)\" can only be used once at this location.", at: [first.loc, directive.loc])
            } else {
                seen[name] = directive
            }
        }
    }
}
