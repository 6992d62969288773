/// One scalar of the input as the matcher tests it: classified (and its case
/// variants found) once per position, not once per thread that looks at it.
struct RegexInputScalar {
    struct Variant {
        var scalar: Unicode.Scalar
        var classes: RegexScalarClasses
    }

    let scalar: Unicode.Scalar
    /// Empty unless the program tests classes or word boundaries.
    let classes: RegexScalarClasses
    /// Empty unless the program matches case-insensitively.
    let variants: [Variant]

    init(_ scalar: Unicode.Scalar, classify: Bool, fold: Bool) {
        self.scalar = scalar
        classes = classify ? .of(scalar) : []
        variants = fold ? RegexScalarClasses.caseVariants(of: scalar).map { Variant(scalar: $0, classes: classify ? .of($0) : []) } : []
    }

    var isWord: Bool { classes.contains(.word) }
}
