/// How the executor completes a field's values on its fast path, worked out
/// once per plan from the field's `TypeReference` so that completing a value
/// is a switch on precomputed facts instead of a walk of the type with string
/// compares. Only the shapes `T`, `T!`, `[T]`, `[T!]`, `[T]!` and `[T!]!`
/// have a fast path; anything else, and any value the fast path does not
/// expect (a wrong kind, a null in a non-null position, an invalid enum
/// value), goes through the spec's CompleteValue, which words the errors.
///
/// Only trivial values, so that reading it copies no references; the object
/// type, enum values and item type are the plan's.
struct CompletionShape {
    enum Leaf {
        /// `String` and `ID`: a string result is written as it is.
        case stringLike
        case boolean
        case enumeration
        case object
        /// Everything else (`Int`, `Float`, custom scalars, unknown types): the generic path.
        case other
    }

    /// The outer position is non-null (`T!`, `[T]!`).
    let nonNull: Bool
    /// One level of list.
    let isList: Bool
    let itemNonNull: Bool
    let leaf: Leaf
    /// False for nested lists: always the generic path.
    let isSimple: Bool

    init(_ type: TypeReference, namedType: NamedType?) {
        var rest = type
        nonNull = rest.isNonNull
        rest = rest.nullable
        if case .list(let item) = rest {
            isList = true
            itemNonNull = item.isNonNull
            rest = item.nullable
        } else {
            isList = false
            itemNonNull = false
        }
        if case .named = rest { isSimple = true } else { isSimple = false }
        switch namedType {
        case .scalar(let scalar) where scalar.name == "String" || scalar.name == "ID": leaf = .stringLike
        case .scalar(let scalar) where scalar.name == "Boolean": leaf = .boolean
        case .enumeration: leaf = .enumeration
        case .object: leaf = .object
        case .scalar, nil: leaf = .other
        }
    }
}
