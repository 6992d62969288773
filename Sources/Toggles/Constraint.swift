/// One condition on the context. A strategy is active only when all its
/// constraints (and those of its segments) hold.
package struct Constraint: Sendable, Equatable {
    package var contextName: String
    package var `operator`: ConstraintOperator
    /// The list operators' values (IN, STR_*, IN_CIDR).
    package var values: [String]
    /// The single-value operators' value (NUM_*, DATE_*, SEMVER_*, REGEX).
    package var value: String?
    package var inverted: Bool
    package var caseInsensitive: Bool
    /// REGEX only: compiled when the state is loaded, `nil` when the pattern
    /// is invalid or beyond the limits (it then matches nothing).
    package var regex: BoundedRegex?
    /// REGEX only: why the pattern was refused, for the loader to log once.
    package var regexError: RegexError?

    package init(
        contextName: String, operator: ConstraintOperator, values: [String] = [], value: String? = nil,
        inverted: Bool = false, caseInsensitive: Bool = false, limits: ToggleLimits = ToggleLimits()
    ) {
        self.contextName = contextName
        self.operator = `operator`
        self.values = values
        self.value = value
        self.inverted = inverted
        self.caseInsensitive = caseInsensitive
        if `operator` == .regex, let value {
            do {
                regex = try BoundedRegex(value, caseInsensitive: caseInsensitive, limits: limits)
            } catch {
                regexError = error
            }
        }
    }

    package static func == (lhs: Constraint, rhs: Constraint) -> Bool {
        lhs.contextName == rhs.contextName && lhs.operator == rhs.operator && lhs.values == rhs.values
            && lhs.value == rhs.value && lhs.inverted == rhs.inverted && lhs.caseInsensitive == rhs.caseInsensitive
    }
}

package enum ConstraintOperator: Sendable, Hashable {
    case `in`, notIn
    case strContains, strStartsWith, strEndsWith
    case numEq, numGt, numGte, numLt, numLte
    case dateAfter, dateBefore
    case semverEq, semverGt, semverGte, semverLt, semverLte
    case regex
    case inCIDR
    /// An operator this server does not know: the constraint never holds, inverted or not.
    case unknown(String)

    package init(_ name: String) {
        switch name {
        case "IN": self = .in
        case "NOT_IN": self = .notIn
        case "STR_CONTAINS": self = .strContains
        case "STR_STARTS_WITH": self = .strStartsWith
        case "STR_ENDS_WITH": self = .strEndsWith
        case "NUM_EQ": self = .numEq
        case "NUM_GT": self = .numGt
        case "NUM_GTE": self = .numGte
        case "NUM_LT": self = .numLt
        case "NUM_LTE": self = .numLte
        case "DATE_AFTER": self = .dateAfter
        case "DATE_BEFORE": self = .dateBefore
        case "SEMVER_EQ": self = .semverEq
        case "SEMVER_GT": self = .semverGt
        case "SEMVER_GTE": self = .semverGte
        case "SEMVER_LT": self = .semverLt
        case "SEMVER_LTE": self = .semverLte
        case "REGEX": self = .regex
        case "IN_CIDR": self = .inCIDR
        default: self = .unknown(name)
        }
    }
}
