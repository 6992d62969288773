import JSON

/// A serialized GraphQL response (spec §7.1) and the errors it carries.
package struct ExecutionResponse: Sendable {
    /// The response as UTF-8 JSON: `{"data":...}`, `{"errors":[...],"data":...}`,
    /// or `{"errors":[...]}` for request errors.
    package var body: [UInt8]
    /// False for request errors (parse, validation, variable coercion, operation selection).
    package var hasData: Bool
    package var errors: [GraphQLError]
    /// The same answer in parts, when an incremental execution deferred fields (`@defer`).
    package var incremental: IncrementalPayloads?

    package init(body: [UInt8], hasData: Bool, errors: [GraphQLError]) {
        self.body = body
        self.hasData = hasData
        self.errors = errors
    }

    /// A request error response: spec §7.1.1, no `data` entry.
    static func requestErrors(_ errors: [GraphQLError]) -> ExecutionResponse {
        ExecutionResponse(body: errorResponseBody(errors), hasData: false, errors: errors)
    }

    /// An executor's finished `{"data":...}` and errors, its size noted as the
    /// next execution's first buffer capacity.
    static func finished(_ body: [UInt8], _ errors: [GraphQLError], plans: OperationPlanCache) -> ExecutionResponse {
        plans.lastResponseSize.store(body.count, ordering: .relaxed)
        return executed(body, errors: errors)
    }

    /// Puts `errors` first, as graphql-js does, in front of the executor's `{"data":...}`.
    static func executed(_ body: [UInt8], errors: [GraphQLError]) -> ExecutionResponse {
        guard !errors.isEmpty else { return ExecutionResponse(body: body, hasData: true, errors: errors) }
        var combined = ResponseBuffer(capacity: body.count + 128 * errors.count)
        combined.appendASCII("{")
        combined.appendErrorsMember(errors)
        combined.append(UInt8(ascii: ","))
        body.withUnsafeBytes { combined.append(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
        return ExecutionResponse(body: combined.bytes, hasData: true, errors: errors)
    }
}

/// `{"errors":[...]}`: the body of a response to a request error, within
/// `RequestErrorBounds`: long messages cut, and errors past the byte bound
/// left out and counted in a last error.
package func errorResponseBody(_ errors: [GraphQLError]) -> [UInt8] {
    Array("{\"errors\":".utf8) + errorArray(errors) + [UInt8(ascii: "}")]
}

/// `[...]`: request errors as a JSON array, within `RequestErrorBounds` (the
/// `errors` of `errorResponseBody`, or of a stream's fatal part).
package func errorArray(_ errors: [GraphQLError]) -> [UInt8] {
    var body = ResponseBuffer(capacity: min(128 * errors.count + 16, RequestErrorBounds.maxBodyBytes))
    body.appendASCII("[")
    // What `errorResponseBody` adds around the array counts against the bound too.
    let limit = RequestErrorBounds.maxBodyBytes - RequestErrorBounds.omissionNoticeBytes - 11
    for (index, error) in errors.enumerated() {
        let start = body.count
        if index > 0 { body.append(UInt8(ascii: ",")) }
        body.appendError(RequestErrorBounds.bounded(error))
        // The closing "]" is the byte that follows.
        if body.count + 1 > limit {
            body.truncate(to: start)
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.appendError(RequestErrorBounds.omissionNotice(omitted: errors.count - index, code: error.code))
            break
        }
    }
    body.appendASCII("]")
    return body.bytes
}

extension ResponseBuffer {
    mutating func appendErrorsMember(_ errors: [GraphQLError]) {
        appendASCII("\"errors\":[")
        for (index, error) in errors.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            appendError(error)
        }
        append(UInt8(ascii: "]"))
    }

    /// Spec §7.1.2: message, then locations and path when present, then extensions.code.
    mutating func appendError(_ error: GraphQLError) {
        appendASCII("{\"message\":")
        appendJSONString(error.message)
        if !error.locations.isEmpty {
            appendASCII(",\"locations\":[")
            for (index, location) in error.locations.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendASCII("{\"line\":")
                appendJSONInt(location.line)
                appendASCII(",\"column\":")
                appendJSONInt(location.column)
                append(UInt8(ascii: "}"))
            }
            append(UInt8(ascii: "]"))
        }
        if !error.path.isEmpty {
            appendASCII(",\"path\":[")
            for (index, component) in error.path.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                switch component {
                case .key(let key): appendJSONString(key)
                case .index(let position): appendJSONInt(position)
                }
            }
            append(UInt8(ascii: "]"))
        }
        appendASCII(",\"extensions\":{\"code\":")
        appendJSONString(error.code.rawValue)
        appendASCII("}}")
    }
}
