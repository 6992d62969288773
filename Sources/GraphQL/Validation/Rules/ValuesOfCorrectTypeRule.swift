// Spec §5.6.1 Values of Correct Type: "For each input Value value in the
// document: let type be the type expected in the position value is found;
// value must be coercible to type."
//
// Literal coercion follows graphql-js's `parseLiteral` for the built-in
// scalars and enums (spec §3.5, §3.9), including its messages. A list
// expected where a single value is given is fine (single-value coercion:
// the item is checked against the list's item type); a list given where no
// list is expected is checked, and reported, as one value.
final class ValuesOfCorrectTypeRule: ValidationRule {
    private let context: ValidationContext
    /// graphql-js stops at a list or object it has reported; > 0 while inside one.
    private var skipDepth = 0
    init(context: ValidationContext) { self.context = context }

    func enter(_ value: Value) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        switch value {
        case .list:
            // TypeInfo has already stepped into the item type; the list's own type is the parent.
            if case .list = context.typeInfo.parentInputType?.nullable { return }
            check(value)
            skipDepth = 1
        case .object:
            // No input object types exist: an object literal is never a valid value.
            check(value)
            skipDepth = 1
        case .null:
            if let type = context.typeInfo.inputType, type.isNonNull {
                context.report("Expected value of type \"\(type)\", found null.", at: value.loc)
            }
        case .variable:
            break
        case .int, .float, .string, .boolean, .enumValue:
            check(value)
        }
    }

    func leave(_ value: Value) { if skipDepth > 0 { skipDepth -= 1 } }

    private func check(_ value: Value) {
        guard let locationType = context.typeInfo.inputType,
            let type = context.types.namedType(of: locationType)
        else { return }
        let printed = value.printed
        switch type {
        case .object:
            context.report("Expected value of type \"\(locationType)\", found \(printed).", at: value.loc)
        case .enumeration(let enumType):
            if let message = LiteralCoercion.enumError(enumType, value, printed: printed) {
                context.report(message, at: value.loc)
            }
        case .scalar(let scalar):
            if let message = LiteralCoercion.scalarError(scalar.name, value, printed: printed) {
                context.report(message, at: value.loc)
            }
        }
    }
}
