/// A field's type as the executor completes it (spec §6.4.3 CompleteValue),
/// worked out once per plan so that completing a value reads precomputed
/// facts instead of walking the `TypeReference`.
///
/// A value sits at a *level* of the type: level 0 is the field itself, level
/// n an item of its n-th nested list. `[Moment!]!` has two levels, both
/// non-null; the named type (`Moment`) sits at the last one.
struct CompletionShape {
    enum Leaf {
        /// `String` and `ID`.
        case stringLike
        case boolean
        case enumeration
        case object
        /// Everything else: `Int`, `Float`, custom scalars, unknown types.
        case other
    }

    /// Bit n: level n is non-null. Levels past 63 (no real schema nests
    /// lists that deep) are taken from `deepNonNull`.
    private let nonNullBits: UInt64
    private let deepNonNull: [Bool]
    /// How many lists wrap the named type.
    let listDepth: Int
    let leaf: Leaf

    init(_ type: TypeReference, namedType: NamedType?) {
        var levels: [Bool] = []
        var rest = type
        while true {
            levels.append(rest.isNonNull)
            guard case .list(let item) = rest.nullable else { break }
            rest = item
        }
        nonNullBits = levels.prefix(64).enumerated().reduce(0) { bits, level in
            level.element ? bits | (1 << UInt64(level.offset)) : bits
        }
        deepNonNull = Array(levels.dropFirst(64))
        listDepth = levels.count - 1
        switch namedType {
        case .scalar(let scalar) where scalar.name == "String" || scalar.name == "ID": leaf = .stringLike
        case .scalar(let scalar) where scalar.name == "Boolean": leaf = .boolean
        case .enumeration: leaf = .enumeration
        case .object: leaf = .object
        case .scalar, nil: leaf = .other
        }
    }

    @inline(__always)
    func isNonNull(at level: Int) -> Bool {
        level < 64 ? nonNullBits & (1 << UInt64(level)) != 0 : deepNonNull[level - 64]
    }

    @inline(__always)
    func isList(at level: Int) -> Bool { level < listDepth }
}
