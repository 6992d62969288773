/// Whether a literal can be coerced to a leaf type (graphql-js
/// `parseLiteral` of the specified scalars and of enum types), as the error
/// message graphql-js throws, or nil when it can.
enum LiteralCoercion {
    /// Spec §3.5: Int, Float, String, Boolean, ID. Other scalars accept any literal.
    static func scalarError(_ scalarName: String, _ value: Value, printed: String) -> String? {
        switch (scalarName, value) {
        case ("Int", .int(let text, _)):
            Int32(text) == nil ? "Int cannot represent non 32-bit signed integer value: \(text)" : nil
        case ("Int", _): "Int cannot represent non-integer value: \(printed)"
        case ("Float", .int), ("Float", .float): nil
        case ("Float", _): "Float cannot represent non numeric value: \(printed)"
        case ("String", .string): nil
        case ("String", _): "String cannot represent a non string value: \(printed)"
        case ("Boolean", .boolean): nil
        case ("Boolean", _): "Boolean cannot represent a non boolean value: \(printed)"
        case ("ID", .string), ("ID", .int): nil
        case ("ID", _): "ID cannot represent a non-string and non-integer value: \(printed)"
        default: nil
        }
    }

    /// Spec §3.9: an enum literal must name one of the enum's values.
    static func enumError(_ type: EnumType, _ value: Value, printed: String) -> String? {
        let suggestions = SuggestionList.suggestions(for: printed, from: type.values.map(\.name))
        let didYouMean = SuggestionList.didYouMean(suggestions, subMessage: "the enum value")
        guard case .enumValue(let name, _) = value else {
            return "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)." + didYouMean
        }
        return type.value(named: name) == nil ? "Value \"\(printed)\" does not exist in \"\(type.name)\" enum." + didYouMean : nil
    }
}
