#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks an invariant of the code under test. A broken one is printed and aborts the
/// process, which libFuzzer reports as a crash and saves the input for (`crash-<sha1>`).
/// Unlike `precondition`, it also fires in `-Ounchecked` builds and says what broke.
@inline(__always)
public func invariant(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fail(message(), file: file, line: line) }
}

/// Reports a broken invariant and aborts.
public func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    var report = Array("invariant broken at \(file):\(line): \(message)\n".utf8)
    // write(2) rather than `stderr`, a C global that Swift 6 cannot prove unshared.
    _ = report.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Bytes as text for a failure message: printable ASCII as is, the rest escaped.
public func describe<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var text = ""
    for byte in bytes {
        switch byte {
        case 0x0D: text += "\\r"
        case 0x0A: text += "\\n"
        case 0x09: text += "\\t"
        case 0x5C: text += "\\\\"
        case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = String(byte, radix: 16)
            text += "\\x" + (hex.count < 2 ? "0" : "") + hex
        }
    }
    return text
}
