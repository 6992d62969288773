import JSON

/// Why a toggle state document was refused. The caller keeps its last good state.
package enum ToggleStateError: Error, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case malformedJSON(String)
    /// A field is missing or of the wrong type; the path names it (`features[3].name`).
    case invalid(path: String, expected: String)
    case tooMany(what: String, count: Int, limit: Int)
    /// A toggle that evaluation could not carry out (its variants' weights
    /// add up past `Int.max`): the whole state is refused, not the toggle alone.
    case unevaluable(toggle: String, reason: String)

    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "toggle state of \(bytes) bytes exceeds the limit of \(limit)"
        case .malformedJSON(let reason): "toggle state is not JSON: \(reason)"
        case .invalid(let path, let expected): "toggle state: \(path) should be \(expected)"
        case .tooMany(let what, let count, let limit): "toggle state has \(count) \(what), more than the limit of \(limit)"
        case .unevaluable(let toggle, let reason): "toggle state: toggle \(toggle.debugDescription) cannot be evaluated: \(reason)"
        }
    }
}
