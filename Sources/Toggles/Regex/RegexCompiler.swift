/// Compiles the tree to Pike VM instructions. Counted repetition is
/// expanded, so the program size is checked against its limit as it grows.
struct RegexCompiler {
    private(set) var program: [BoundedRegex.Instruction] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    mutating func append(_ instruction: BoundedRegex.Instruction) throws(RegexError) {
        guard program.count < limit else { throw .programTooLarge(limit: limit) }
        program.append(instruction)
    }

    mutating func emit(_ node: RegexNode) throws(RegexError) {
        switch node {
        case .empty: break
        case .scalar(let scalar, let caseInsensitive): try append(.scalar(scalar, caseInsensitive: caseInsensitive))
        case .any(let dotAll): try append(.any(dotAll: dotAll))
        case .set(let set): try append(.set(set))
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
