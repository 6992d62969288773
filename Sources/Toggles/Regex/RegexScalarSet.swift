/// A bracket expression or a class escape (`\d`, `[^@]`, `[[:alpha:]]`):
/// sorted, merged ranges and a mask of classes, so that testing a scalar costs
/// a binary search and an AND however the pattern spelled the set.
struct RegexScalarSet: Sendable, Equatable {
    /// Sorted by lower bound, disjoint and not adjacent once `normalize` ran.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    private(set) var classes: RegexScalarClasses = []
    var negated = false
    var caseInsensitive = false

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    mutating func insert(_ range: ClosedRange<UInt32>) { ranges.append(range) }
    mutating func insert(_ classes: RegexScalarClasses) { self.classes.formUnion(classes) }

    /// Sorts and merges the ranges: `[a-cb-dx]` becomes `a-d`, `x`.
    mutating func normalize() {
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges {
            // Scalar values end at 0x10FFFF, so `upperBound + 1` cannot overflow.
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }

    func contains(_ input: RegexInputScalar) -> Bool {
        var found = matches(input.scalar.value, input.classes)
        if !found && caseInsensitive {
            found = input.variants.contains { matches($0.scalar.value, $0.classes) }
        }
        return found != negated
    }

    private func matches(_ value: UInt32, _ scalarClasses: RegexScalarClasses) -> Bool {
        if !classes.isDisjoint(with: scalarClasses) { return true }
        // The last range whose lower bound is at most `value`, by binary search.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = low + (high - low) / 2
            if ranges[middle].lowerBound <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && value <= ranges[low - 1].upperBound
    }
}
