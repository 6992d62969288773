/// A regular expression matched by a Pike VM (Thompson's construction):
/// every input scalar advances all live threads at once, so matching takes at
/// most (input length + 1) × (4 × program size + 1) thread steps whatever the
/// pattern (`maxSteps`), and at most `ToggleLimits.maxRegexMatchSteps` or what
/// is left of the evaluation's `RegexStepBudget` (then it does not match). A
/// step is a constant amount of work: the input scalar is classified once per
/// position, a set test is a binary search and an AND, and instructions hold no
/// references, so a step neither allocates nor retains. No backtracking, so no
/// catastrophic patterns. Used by the REGEX operator; `matches` answers "does
/// it match anywhere", as Unleash's SDKs do.
package struct BoundedRegex: Sendable {
    enum Instruction: Sendable, Equatable {
        case scalar(Unicode.Scalar, caseInsensitive: Bool)
        case any(dotAll: Bool)
        /// An index into `sets`.
        case set(Int)
        case assertion(RegexAssertion)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    let program: [Instruction]
    let sets: [RegexScalarSet]
    /// The units of work compiling took, at most `ToggleLimits.maxRegexCompileWork`.
    let compileWork: Int
    private let maxInputLength: Int
    private let maxMatchSteps: Int
    /// Whether input scalars need their classes (for sets or `\b`), or their case variants.
    private let classifies: Bool
    private let folds: Bool

    package init(_ pattern: String, caseInsensitive: Bool = false, limits: ToggleLimits = ToggleLimits()) throws(RegexError) {
        guard pattern.unicodeScalars.count <= limits.maxRegexPatternLength else {
            throw .tooLong(limit: limits.maxRegexPatternLength)
        }
        var parser = RegexParser(pattern)
        let tree = try parser.parse(caseInsensitive: caseInsensitive)
        var compiler = RegexCompiler(limit: limits.maxRegexProgramSize, workLimit: limits.maxRegexCompileWork)
        try compiler.emit(tree)
        try compiler.append(.match)
        program = compiler.program
        sets = parser.sets
        compileWork = compiler.work
        maxInputLength = limits.maxRegexInputLength
        maxMatchSteps = limits.maxRegexMatchSteps
        classifies = sets.contains { !$0.classes.isEmpty }
            || program.contains { $0 == .assertion(.wordBoundary) || $0 == .assertion(.notWordBoundary) }
        folds = sets.contains(where: \.caseInsensitive) || program.contains {
            if case .scalar(_, caseInsensitive: true) = $0 { return true }
            return false
        }
    }

    /// Whether the pattern matches somewhere in `text`. A text over the input
    /// limit does not match, nor one that would take over the step limit.
    package func matches(_ text: String) -> Bool {
        var steps = 0
        return matches(text, steps: &steps, limit: maxMatchSteps)
    }

    /// `matches`, within what is left of `budget` too, which it spends.
    package func matches(_ text: String, budget: RegexStepBudget) -> Bool {
        var steps = 0
        let matched = matches(text, steps: &steps, limit: min(maxMatchSteps, budget.available))
        budget.spend(steps)
        return matched
    }

    /// The most thread steps matching an input of `length` scalars takes: per
    /// position, each instruction enters the thread list at most once, pushing
    /// at most two successors, and each consuming thread is advanced once.
    func maxSteps(inputLength length: Int) -> Int {
        (length + 1) * (4 * program.count + 1)
    }

    /// `matches`, adding the thread steps it takes to `steps`, giving up (no
    /// match) once `limit` is reached.
    func matches(_ text: String, steps total: inout Int, limit: Int) -> Bool {
        let input = Array(text.unicodeScalars.prefix(maxInputLength + 1))
        guard input.count <= maxInputLength else { return false }
        var steps = 0
        defer { total += steps }
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var stack: [Int] = []
        var before: RegexInputScalar?
        var here = input.first.map { RegexInputScalar($0, classify: classifies, fold: folds) }
        for position in 0...input.count {
            // Checked once per position, which adds at most 4 × program size + 1 steps.
            guard steps < limit else { return false }
            // Unanchored search: a new thread starts at every position.
            if addThread(0, between: before, and: here, to: &current, stack: &stack, steps: &steps) { return true }
            guard let scalar = here else { break }
            let ahead = position + 1 < input.count ? RegexInputScalar(input[position + 1], classify: classifies, fold: folds) : nil
            next.clear()
            for pc in current.members {
                steps += 1
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected, let caseInsensitive):
                    advances = scalar.scalar == expected || (caseInsensitive && scalar.variants.contains { $0.scalar == expected })
                case .any(let dotAll): advances = dotAll || scalar.scalar != "\n"
                case .set(let index): advances = sets[index].contains(scalar)
                default: advances = false
                }
                if advances, addThread(pc + 1, between: scalar, and: ahead, to: &next, stack: &stack, steps: &steps) { return true }
            }
            swap(&current, &next)
            before = here
            here = ahead
        }
        return false
    }

    /// Follows jumps, splits and assertions from `start` at the position
    /// between `before` and `after` (nil: the text's start or end), adding the
    /// scalar-consuming instructions reached; returns true on reaching `match`.
    private func addThread(
        _ start: Int, between before: RegexInputScalar?, and after: RegexInputScalar?,
        to list: inout ThreadList, stack: inout [Int], steps: inout Int
    ) -> Bool {
        // The stack is empty here: a `false` return drains it, a `true` one ends
        // the match. Most successors consume a scalar, so they never touch it.
        var pc = start
        while true {
            steps += 1
            if list.insert(pc) {
                switch program[pc] {
                case .match: return true
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assertion(let assertion):
                    if Self.holds(assertion, between: before, and: after) { stack.append(pc + 1) }
                case .scalar, .any, .set: list.members.append(pc)
                }
            }
            guard let popped = stack.popLast() else { return false }
            pc = popped
        }
    }

    private static func holds(_ assertion: RegexAssertion, between before: RegexInputScalar?, and after: RegexInputScalar?) -> Bool {
        switch assertion {
        case .textStart: return before == nil
        case .textEnd: return after == nil
        case .lineStart: return before.map { $0.scalar == "\n" } ?? true
        case .lineEnd: return after.map { $0.scalar == "\n" } ?? true
        case .wordBoundary, .notWordBoundary:
            let wordBefore = before?.isWord ?? false
            let wordAfter = after?.isWord ?? false
            return (wordBefore != wordAfter) == (assertion == .wordBoundary)
        }
    }
}

/// A sparse set of program counters, cleared in O(1) by a generation count.
struct ThreadList {
    var members: [Int] = []
    private var marks: [Int]
    private var generation = 1

    init(capacity: Int) { marks = Array(repeating: 0, count: capacity) }

    mutating func insert(_ pc: Int) -> Bool {
        guard marks[pc] != generation else { return false }
        marks[pc] = generation
        return true
    }

    mutating func clear() {
        members.removeAll(keepingCapacity: true)
        generation += 1
    }
}
