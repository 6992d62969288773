// Spec §5.7.1 Directives Are Defined: "For every directive in a document,
// let directiveName be the name of directive; let directiveDefinition be the
// directive named directiveName; directiveDefinition must exist."
// Spec §5.7.2 Directives Are In Valid Locations: "For every directive in a
// document ... If directive is within a ..., directiveDefinition must include
// that location in its locations."
final class KnownDirectivesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ directive: Directive, at location: DirectiveLocation) {
        let name = directive.name.value
        guard let definition = context.schema.directive(named: name) else {
            context.report("Unknown directive \"@\(name)\".", at: directive.loc)
            return
        }
        if !definition.locations.contains(location) {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", at: directive.loc)
        }
    }
}
