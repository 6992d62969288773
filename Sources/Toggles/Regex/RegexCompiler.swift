/// Compiles the tree to Pike VM instructions. Counted repetition is expanded
/// copy by copy, so two budgets bound it. The program's size bounds matching.
/// The work budget bounds compiling: one unit per node visited and one per
/// instruction emitted, charged before the work is done, so a part that emits
/// nothing still costs. Without it `((((a{0}){1000}){1000}){1000}){1000}`
/// (36 bytes, no instructions) would visit 10¹² nodes; with it the refusal
/// comes after `workLimit` units. Nothing is multiplied, so nothing can overflow.
struct RegexCompiler {
    private(set) var program: [BoundedRegex.Instruction] = []
    private(set) var work = 0
    let limit: Int
    let workLimit: Int

    init(limit: Int, workLimit: Int) {
        self.limit = limit
        self.workLimit = workLimit
    }

    private mutating func charge() throws(RegexError) {
        guard work < workLimit else { throw .tooComplex(limit: workLimit) }
        work += 1
    }

    mutating func append(_ instruction: BoundedRegex.Instruction) throws(RegexError) {
        try charge()
        guard program.count < limit else { throw .programTooLarge(limit: limit) }
        program.append(instruction)
    }

    mutating func emit(_ node: RegexNode) throws(RegexError) {
        try charge()
        switch node {
        case .empty: break
        case .scalar(let scalar, let caseInsensitive): try append(.scalar(scalar, caseInsensitive: caseInsensitive))
        case .any(let dotAll): try append(.any(dotAll: dotAll))
        case .set(let index): try append(.set(index))
        case .assertion(let assertion): try append(.assertion(assertion))
        case .concatenation(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split …
            var jumps: [Int] = []
            for (offset, branch) in branches.enumerated() {
                if offset < branches.count - 1 {
                    let split = program.count
                    try append(.split(split + 1, 0))
                    try emit(branch)
                    jumps.append(program.count)
                    try append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let min, let max):
            // Every copy charges at least the `emit` of `inner`, so these loops end within the budget.
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split in, skip.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try append(.split(0, 0))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // loop: split body, out; body; jump loop
                let loop = program.count
                try append(.split(0, 0))
                try emit(inner)
                try append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
