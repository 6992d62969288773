#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibFuzzer

/// The signature of `LLVMFuzzerTestOneInput`.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Hands the process to libFuzzer. Each target's `@main` calls this with its
/// `LLVMFuzzerTestOneInput`: SwiftPM links an executable's entry point as `main`, which
/// takes the place of libFuzzer's own `main` (linked whole-archive by `-sanitize=fuzzer`),
/// so the target starts the fuzzer itself, through libFuzzer's documented driver entry.
public func runLibFuzzer(_ callback: FuzzCallback) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
