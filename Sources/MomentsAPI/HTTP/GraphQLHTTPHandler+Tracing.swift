import GraphQL
import HTTP1
import Tracing

/// The GraphQL operation's span (OpenTelemetry's GraphQL semantic
/// conventions): `{type} {name}` once the document names it, with
/// `graphql.operation.type` and `graphql.operation.name`; the engine's
/// parse, validate and execute spans are its children, and its status is an
/// error when the answer carries errors. A no-op when traces are off.
struct OperationSpan {
    let span: (any Span)?

    /// The operation the document selected.
    func named(_ operation: OperationDefinition) {
        guard let span, span.isRecording else { return }
        let type = operation.operation.rawValue
        let name = operation.name?.value
        span.operationName = name.map { "\(type) \($0)" } ?? type
        span.updateAttributes { attributes in
            attributes.set("graphql.operation.type", value: .string(type))
            if let name { attributes.set("graphql.operation.name", value: .string(name)) }
        }
    }

    /// Errors of the answer (request or field errors): the first one's message is the status's.
    func failed(_ errors: [GraphQLError]) {
        guard let span, let first = errors.first, span.isRecording else { return }
        span.setStatus(SpanStatus(code: .error, message: first.message))
        span.attributes.set("moments.graphql.errors", value: .int64(Int64(errors.count)))
    }

    /// Answered with bytes the response cache kept: nothing executed.
    func answeredFromCache() {
        guard let span, span.isRecording else { return }
        span.attributes.set("moments.response_cache.hit", value: .bool(true))
    }
}

extension GraphQLHTTPHandler {
    /// `respond` inside the operation's span, when traces are on: its
    /// context is current while `respond` runs, so the engine's and the
    /// storage's spans are its children.
    func tracedOperation(
        _ respond: (OperationSpan) throws(RequestRefusal) -> HTTPResponse
    ) throws(RequestRefusal) -> HTTPResponse {
        guard let tracer = graphQLEngine.tracer else { return try respond(OperationSpan(span: nil)) }
        // The conventions' name until the document says which operation it is.
        let span = tracer.startSpan("GraphQL Operation", context: InstrumentationContext.current ?? .topLevel, ofKind: .internal)
        defer { span.end() }
        let result = InstrumentationContext.$current.withValue(span.context) { () -> Result<HTTPResponse, RequestRefusal> in
            do throws(RequestRefusal) { return .success(try respond(OperationSpan(span: span))) } catch { return .failure(error) }
        }
        switch result {
        case .success(let response):
            return response
        case .failure(let refusal):
            if span.isRecording { span.setStatus(SpanStatus(code: .error, message: refusal.message)) }
            throw refusal
        }
    }
}
