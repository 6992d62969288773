/// Bounds on a toggle state, so a hostile or broken toggle server costs a
/// named, bounded amount of memory and time, never a crash or a hang.
package struct ToggleLimits: Sendable, Hashable {
    /// Largest state document accepted, in bytes. Default 4 MiB (a few thousand toggles).
    package var maxStateBytes: Int
    /// Most features in one state. Default 5,000.
    package var maxFeatures: Int
    /// Most segments in one state. Default 5,000.
    package var maxSegments: Int
    /// Longest regular expression accepted in a REGEX constraint, in Unicode scalars. Default 512.
    package var maxRegexPatternLength: Int
    /// Most instructions a compiled regular expression may have (counted
    /// repetition expands). Default 4,096.
    package var maxRegexProgramSize: Int
    /// Most units of work compiling one regular expression may take: one per
    /// syntax node visited, each copy of a counted repetition visited again,
    /// and one per instruction emitted, so `(a{0}){1000}` costs though it emits
    /// nothing. A pattern over it is refused. Default 32,768 (8 × the program
    /// size: patterns that fit the program limit typically take 2–3 units per instruction).
    package var maxRegexCompileWork: Int
    /// Longest context value a REGEX constraint looks at, in Unicode scalars;
    /// a longer value does not match. Default 4,096. Matching costs at most
    /// (input length + 1) × (4 × program size + 1) thread steps (no backtracking).
    package var maxRegexInputLength: Int
    /// Most thread steps one REGEX evaluation may take; one that would take
    /// more does not match, as a value over the input limit does. Default
    /// 1,048,576 (under 10 ms measured): a program under 64 instructions never
    /// reaches it; the largest programs on the longest values would take 64 times more.
    package var maxRegexMatchSteps: Int

    package init(
        maxStateBytes: Int = 4 << 20,
        maxFeatures: Int = 5_000,
        maxSegments: Int = 5_000,
        maxRegexPatternLength: Int = 512,
        maxRegexProgramSize: Int = 4_096,
        maxRegexCompileWork: Int = 32_768,
        maxRegexInputLength: Int = 4_096,
        maxRegexMatchSteps: Int = 1 << 20
    ) {
        self.maxStateBytes = maxStateBytes
        self.maxFeatures = maxFeatures
        self.maxSegments = maxSegments
        self.maxRegexPatternLength = maxRegexPatternLength
        self.maxRegexProgramSize = maxRegexProgramSize
        self.maxRegexCompileWork = maxRegexCompileWork
        self.maxRegexInputLength = maxRegexInputLength
        self.maxRegexMatchSteps = maxRegexMatchSteps
    }
}
