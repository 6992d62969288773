/// A regular expression matched by a Pike VM (Thompson's construction):
/// every input scalar advances all live threads at once, so matching costs at
/// most input length × program size steps, whatever the pattern. No
/// backtracking, so no catastrophic patterns. Used by the REGEX operator;
/// `matches` answers "does it match anywhere", as Unleash's SDKs do.
package struct BoundedRegex: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar, caseInsensitive: Bool)
        case any(dotAll: Bool)
        case set(RegexScalarSet)
        case assertion(RegexAssertion)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    let program: [Instruction]
    private let maxInputLength: Int

    package init(_ pattern: String, caseInsensitive: Bool = false, limits: ToggleLimits = ToggleLimits()) throws(RegexError) {
        guard pattern.unicodeScalars.count <= limits.maxRegexPatternLength else {
            throw .tooLong(limit: limits.maxRegexPatternLength)
        }
        var parser = RegexParser(pattern)
        let tree = try parser.parse(caseInsensitive: caseInsensitive)
        var compiler = RegexCompiler(limit: limits.maxRegexProgramSize)
        try compiler.emit(tree)
        try compiler.append(.match)
        program = compiler.program
        maxInputLength = limits.maxRegexInputLength
    }

    /// Whether the pattern matches somewhere in `text`. A text over the input
    /// limit does not match.
    package func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars.prefix(maxInputLength + 1))
        guard input.count <= maxInputLength else { return false }
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        for position in 0...input.count {
            // Unanchored search: a new thread starts at every position.
            if addThread(0, at: position, input: input, to: &current) { return true }
            guard position < input.count else { break }
            let scalar = input[position]
            next.clear()
            for pc in current.members {
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected, let caseInsensitive):
                    advances = scalar == expected || (caseInsensitive && RegexScalarSet.caseVariants(of: scalar).contains(expected))
                case .any(let dotAll): advances = dotAll || scalar != "\n"
                case .set(let set): advances = set.contains(scalar)
                default: advances = false
                }
                if advances, addThread(pc + 1, at: position + 1, input: input, to: &next) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Follows jumps, splits and assertions from `start`, adding the
    /// scalar-consuming instructions reached; returns true on reaching `match`.
    private func addThread(_ start: Int, at position: Int, input: [Unicode.Scalar], to list: inout ThreadList) -> Bool {
        var stack = [start]
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertion(let assertion):
                if Self.holds(assertion, at: position, in: input) { stack.append(pc + 1) }
            default: list.members.append(pc)
            }
        }
        return false
    }

    private static func holds(_ assertion: RegexAssertion, at position: Int, in input: [Unicode.Scalar]) -> Bool {
        switch assertion {
        case .textStart: return position == 0
        case .textEnd: return position == input.count
        case .lineStart: return position == 0 || input[position - 1] == "\n"
        case .lineEnd: return position == input.count || input[position] == "\n"
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && RegexScalarSet.isWord(input[position - 1])
            let after = position < input.count && RegexScalarSet.isWord(input[position])
            return (before != after) == (assertion == .wordBoundary)
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
