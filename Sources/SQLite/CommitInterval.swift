#if canImport(Glibc)
import Glibc
#endif

/// One group commit as its writers see it: from `BEGIN` to the end of
/// `COMMIT` (the fsync included) in wall-clock time, which traces need, and
/// how many writes it carried.
package struct CommitInterval: Sendable, Equatable {
    package var startNanoseconds: UInt64
    package var endNanoseconds: UInt64
    package var operations: Int
    /// This writer's operation committed (others of the batch may have failed alone).
    package var succeeded: Bool

    /// Now, in nanoseconds since the Unix epoch.
    static func wallNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // A clock before 1970 reads as 1970.
        let seconds = UInt64(clamping: now.tv_sec)
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(UInt64(clamping: now.tv_nsec))
        return overflow || carry ? .max : total
    }
}
