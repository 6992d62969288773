import GraphQL
import HTTP1
import JSON

/// Batched operations, as Apollo Router and Yoga accept them: a POST whose
/// JSON body is an array of operations is answered by an array of results
/// in the same order, each as if sent alone (its own errors, the one
/// token's viewer). The batch shares the request's deadline and
/// `GraphQLLimits.maxResponseBytes`; `maxBatchOperations` bounds its length.
extension GraphQLHTTPHandler {
    /// Each element's parameters (or why it cannot run): `400` for an empty
    /// array or one holding anything but objects (not GraphQL requests at
    /// all, as GraphQL over HTTP answers them), `413` past `limit`, and with
    /// `limit` 0 no batches at all.
    static func batch(_ elements: [JSONValue], limit: Int) throws(RequestRefusal) -> [Result<GraphQLRequestBody, RequestRefusal>] {
        guard limit > 0 else { throw RequestRefusal(.badRequest, "Request body must be a JSON object.") }
        guard !elements.isEmpty else { throw RequestRefusal(.badRequest, "A batch must hold at least one operation.") }
        guard elements.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            throw RequestRefusal(.badRequest, "Request body must be a JSON object, or an array of them (a batch).")
        }
        guard elements.count <= limit else {
            throw RequestRefusal(.contentTooLarge, "A batch may hold at most \(limit) operations (--max-batch-operations).")
        }
        return elements.map { element in Result { () throws(RequestRefusal) in try GraphQLRequestBody(json: element) } }
    }

    /// The batch's answer: `200` and a JSON array of each operation's body.
    /// An operation that cannot run has its refusal as its result; once the
    /// results pass `maxResponseBytes` together, the rest say so instead.
    func respond(
        to request: HTTPRequest, batch operations: [Result<GraphQLRequestBody, RequestRefusal>], media: GraphQLMediaType,
        deadline: ContinuousClock.Instant, viewer: String?, tokenExpiry: Int64?
    ) -> HTTPResponse {
        let budget = graphQLEngine.limits.maxResponseBytes
        var body: [UInt8] = [UInt8(ascii: "[")]
        var retryLater = false
        var noStore = false
        var names: [String] = []
        var exceeded = false
        let overflow = errorResponseBody([GraphQLError(
            "The batch's results exceed --max-response-bytes (\(budget) bytes).", code: .badUserInput)])
        for (index, operation) in operations.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            guard !exceeded else {
                errorCounters.count(.badUserInput)
                body += overflow
                continue
            }
            var result: [UInt8]
            do {
                let answer = try respond(
                    to: request, operation.get(), media: media, deadline: deadline, viewer: viewer, tokenExpiry: tokenExpiry,
                    batched: true)
                result = answer.body
                retryLater = retryLater || answer.headers.contains("Retry-After")
                noStore = noStore || answer.headers["Cache-Control"] == "private, no-store"
                if let name = answer.accessLogDetail { names.append(name) }
            } catch {
                errorCounters.count(error.code)
                result = errorResponseBody([GraphQLError(error.message, code: error.code)])
                retryLater = retryLater || error.headers.contains("Retry-After")
            }
            // No overflow: each is at most `budget` bytes.
            if body.count + result.count > budget {
                exceeded = true
                errorCounters.count(.badUserInput)
                result = overflow
            }
            body += result
        }
        body.append(UInt8(ascii: "]"))
        var answer = HTTPResponse(status: .ok, headers: ["Content-Type": media.contentType], body: body)
        if retryLater { answer.headers.add("Retry-After", "1") }
        if noStore { answer.headers.add("Cache-Control", "private, no-store") }
        answer.accessLogDetail = names.isEmpty ? nil : names.joined(separator: ",")
        return answer
    }
}
