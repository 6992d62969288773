/// Why a pattern is refused; the REGEX constraint then matches nothing, as an
/// invalid regular expression does in Unleash's SDKs.
package enum RegexError: Error, Equatable, CustomStringConvertible {
    case tooLong(limit: Int)
    case programTooLarge(limit: Int)
    /// Compiling would take more than `limit` units of work (`RegexCompiler`).
    case tooComplex(limit: Int)
    case unsupported(String)
    case syntax(String)

    package var description: String {
        switch self {
        case .tooLong(let limit): "pattern longer than \(limit) characters"
        case .programTooLarge(let limit): "pattern compiles to more than \(limit) instructions"
        case .tooComplex(let limit): "pattern takes more than \(limit) units of work to compile (nested repetition)"
        case .unsupported(let what): "unsupported: \(what)"
        case .syntax(let what): "syntax error: \(what)"
        }
    }
}
