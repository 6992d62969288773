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
    /// Longest context value a REGEX constraint looks at, in Unicode scalars;
    /// a longer value does not match. Default 4,096. Matching costs at most
    /// input length × program size steps (no backtracking).
    package var maxRegexInputLength: Int

    package init(
        maxStateBytes: Int = 4 << 20,
        maxFeatures: Int = 5_000,
        maxSegments: Int = 5_000,
        maxRegexPatternLength: Int = 512,
        maxRegexProgramSize: Int = 4_096,
        maxRegexInputLength: Int = 4_096
    ) {
        self.maxStateBytes = maxStateBytes
        self.maxFeatures = maxFeatures
        self.maxSegments = maxSegments
        self.maxRegexPatternLength = maxRegexPatternLength
        self.maxRegexProgramSize = maxRegexProgramSize
        self.maxRegexInputLength = maxRegexInputLength
    }
}
