// Spec §5.4.2 Argument Uniqueness: "For each argument in the Document, let
// argumentName be the Name of argument; let arguments be all Arguments named
// argumentName in the Argument Set which contains argument; arguments must be
// the set containing only argument."
final class UniqueArgumentNamesRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ field: Field) { check(field.arguments) }
    func enter(_ directive: Directive, at location: DirectiveLocation) { check(directive.arguments) }

    private func check(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        var order: [String] = []
        var byName: [String: [SourceLocation]] = [:]
        for argument in arguments {
            let name = argument.name.value
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(argument.name.loc)
        }
        for name in order {
            guard let locations = byName[name], locations.count > 1 else { continue }
            context.report("There can be only one argument named \"\(name)\".", at: locations)
        }
    }
}
