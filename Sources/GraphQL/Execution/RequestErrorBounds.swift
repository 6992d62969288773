/// Bounds on the answer to a refused request: the `{"errors":[...]}` of a
/// parse, validation, variable-coercion or operation-selection failure. Its
/// messages echo what the client sent (`Cannot query field "<name>"`, a
/// variable's value), and a document can earn up to 101 validation errors,
/// so without bounds the answer could be as large as the request, or many
/// times larger. Errors of normal size come out exactly as graphql-js words them.
enum RequestErrorBounds {
    /// The whole body stays at or under this many bytes: errors that would
    /// pass it are left out, and one last error says how many. 32 KiB.
    static let maxBodyBytes = 32 * 1024
    /// A longer message (in UTF-8) is cut at a character boundary and marked. 4 KiB.
    static let maxMessageBytes = 4 * 1024
    /// Locations kept per error (a fragment cycle lists one per spread). 100.
    static let maxLocations = 100
    /// Room kept for the last error that counts the ones left out.
    static let omissionNoticeBytes = 256

    /// `error` with its message and locations within the bounds.
    static func bounded(_ error: GraphQLError) -> GraphQLError {
        var bounded = error
        if error.locations.count > maxLocations { bounded.locations = Array(error.locations.prefix(maxLocations)) }
        let length = error.message.utf8.count
        if length > maxMessageBytes {
            var kept = ""
            var keptBytes = 0
            for scalar in error.message.unicodeScalars {
                let size = String(scalar).utf8.count
                if keptBytes + size > maxMessageBytes { break }
                kept.unicodeScalars.append(scalar)
                keptBytes += size
            }
            bounded.message = kept + "… (message truncated: \(length) bytes)"
        }
        return bounded
    }

    /// The last error of a body that could not hold them all.
    static func omissionNotice(omitted: Int, code: GraphQLErrorCode) -> GraphQLError {
        GraphQLError(
            "\(omitted) more error\(omitted == 1 ? "" : "s") not shown: the error list of a refused request "
                + "is limited to \(maxBodyBytes) bytes.",
            code: code)
    }
}
