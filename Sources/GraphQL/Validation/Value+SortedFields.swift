extension Value {
    /// The value with every object literal's fields in natural name order
    /// (graphql-js `sortValueNode`), so `{a: 1, b: 2}` and `{b: 2, a: 1}`
    /// print alike when OverlappingFieldsCanBeMergedRule compares arguments.
    var sortingObjectFields: Value {
        switch self {
        case .list(let items, let loc): .list(items.map(\.sortingObjectFields), loc: loc)
        case .object(let fields, let loc):
            .object(
                fields.sorted { SuggestionList.naturalCompare($0.name.value, $1.name.value) < 0 }
                    .map { ObjectField(name: $0.name, value: $0.value.sortingObjectFields, loc: $0.loc) },
                loc: loc)
        case .variable, .int, .float, .string, .boolean, .null, .enumValue: self
        }
    }
}
