import JSON
import Tracing

/// Every bound the engine puts on one request, with its default.
package struct GraphQLLimits: Sendable {
    /// Bounds on parsing (document size, tokens, nesting); see `ParseLimits`.
    package var parse: ParseLimits
    /// Validation stops after this many errors (graphql-js `maxErrors`). Default 100.
    package var maxValidationErrors: Int
    /// Units of validation work that can repeat for one part of a document
    /// (field pairs compared, fragments followed; see `ValidationCost`).
    /// Past it, the document is refused with one `GRAPHQL_VALIDATION_FAILED`
    /// error. Default 100,000 (`defaultMaxValidationCost`).
    package var maxValidationCost: Int
    /// Most fields one execution resolves, counting every list item's fields
    /// after fragment expansion: the guard against alias and list fan-out.
    /// Past it, execution stops with an error. Default 10,000.
    package var maxExecutedFields: Int
    /// Prepared (parsed and validated) documents kept, by query text. Default 256.
    package var documentCacheCapacity: Int
    /// Memory the document cache may hold, in estimated bytes: each document
    /// is charged for its syntax tree and for the execution plans it may cache
    /// (see `PreparedDocument.estimatedBytes`). Least recently used documents
    /// are evicted to make room; a document that alone would take more than
    /// an eighth of it is not cached (it is prepared again on every request).
    /// Default 32 MiB.
    package var documentCacheBytes: Int
    /// Longest one request may run, from the caller's start (see `execute`'s
    /// `deadline`) to the end of execution; checked every 64 executed fields.
    /// Past it, execution stops with an error and `"data": null`. Default 10 s.
    package var requestTimeout: Duration
    /// Memory for completed objects of keyed types (`ObjectType.fragmentKey`),
    /// copied instead of executed when an equal object is asked for again
    /// (see `FragmentCache`); 0 turns it off. Default 6 MiB.
    package var fragmentCacheBytes: Int
    /// Most bytes of one execution's response: a plain answer, an answer
    /// delivered in parts (`@defer`: the same execution) and each result of a
    /// subscription alike. Past it, execution stops with one error and
    /// `"data": null`, never a partial body. Default 4 MiB (the app's largest
    /// timeline page, 100 moments with their likes, is under 200 KB).
    package var maxResponseBytes = 4 << 20
    /// Most operations in one batched request (a JSON array of them, as Apollo
    /// Router and Yoga accept); past it `413`, and `0` turns batching off. The
    /// batch shares one deadline and `maxResponseBytes`. Default 10 (Yoga's).
    package var maxBatchOperations = 10

    package init(
        parse: ParseLimits = ParseLimits(), maxValidationErrors: Int = 100, maxExecutedFields: Int = 10_000,
        documentCacheCapacity: Int = 256, documentCacheBytes: Int = 32 << 20, requestTimeout: Duration = .seconds(10),
        maxValidationCost: Int = GraphQLLimits.defaultMaxValidationCost, fragmentCacheBytes: Int = 6 << 20
    ) {
        self.fragmentCacheBytes = fragmentCacheBytes
        self.documentCacheBytes = documentCacheBytes
        self.parse = parse
        self.maxValidationErrors = maxValidationErrors
        self.maxValidationCost = maxValidationCost
        self.maxExecutedFields = maxExecutedFields
        self.documentCacheCapacity = documentCacheCapacity
        self.requestTimeout = requestTimeout
    }
}

/// Why a document could not be prepared: the response is `{"errors":[...]}`.
package struct GraphQLRequestError: Error, Sendable {
    package enum Kind: Sendable, Hashable {
        case parse
        case validation
    }

    package var errors: [GraphQLError]
    package var kind: Kind

    package init(errors: [GraphQLError], kind: Kind) {
        self.errors = errors
        self.kind = kind
    }
}

/// A parsed document that passed validation against the engine's schema.
package struct PreparedDocument: Sendable {
    package let document: Document
    let fragments: [String: FragmentDefinition]
    let plans: OperationPlanCache
    /// Each operation's variable definitions, prepared for coercion, by the
    /// operation's offset in the document.
    let variablePlans: [Int: [VariablePlan]]

    /// Estimated memory: the syntax tree and the plans it may cache. Measured
    /// (statm, debug build): a document's tree takes about 25 bytes per byte
    /// of query text, a cached field plan about 650 bytes.
    let estimatedBytes: Int
    static let bytesPerQueryByte = 32
    static let fixedBytes = 1024
    /// Plans a document may cache: twice its tree, at least 64 KiB (the app's
    /// timeline query needs about 9 KB per `@include` combination).
    static func planBudget(treeBytes: Int) -> Int { max(64 << 10, 2 * treeBytes) }

    init(document: Document, schema: Schema, queryBytes: Int) {
        self.document = document
        let treeBytes = Self.fixedBytes + Self.bytesPerQueryByte * queryBytes
        let planBudget = Self.planBudget(treeBytes: treeBytes)
        self.estimatedBytes = treeBytes + planBudget
        self.plans = OperationPlanCache(document: document, byteBudget: planBudget)
        var variablePlans: [Int: [VariablePlan]] = [:]
        for operation in document.operations {
            variablePlans[operation.loc.offset] = operation.variableDefinitions.map { VariablePlan($0, schema: schema) }
        }
        self.variablePlans = variablePlans
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// Spec §6.1 GetOperation: errors have code `BAD_USER_INPUT`.
    package func operation(named name: String?) throws(GraphQLError) -> OperationDefinition {
        try getOperation(document, named: name)
    }
}

/// The engine's entry point: parse -> validate (cached) -> execute -> JSON bytes.
package final class GraphQLEngine: Sendable {
    package let schema: Schema
    package let limits: GraphQLLimits
    let errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)?
    let cache: DocumentCache
    /// Keyed objects' bytes, shared by every execution (`GraphQLLimits.fragmentCacheBytes`).
    package let fragments: FragmentCache
    /// The smallest response buffer reserved up front, in bytes.
    static let minimumResponseCapacity = 1024
    /// Parse, validation and execution spans, children of the caller's current span; nil when traces are off.
    package let tracer: (any Tracer)?

    /// - Parameter errorMapper: turns an error a resolver threw (other than a
    ///   `GraphQLError`, which is kept as it is) into the error the client
    ///   sees, e.g. a domain "not found" into `NOT_FOUND`; nil, or no mapper,
    ///   gives `INTERNAL_SERVER_ERROR` with the message "Internal server error".
    ///   It also gets the execution's `context` (as `execute` was given it), so
    ///   that what it logs can name the request.
    package init(
        schema: Schema, limits: GraphQLLimits = .init(),
        errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)? = nil, tracer: (any Tracer)? = nil
    ) {
        self.tracer = tracer
        self.schema = schema
        self.limits = limits
        self.errorMapper = errorMapper
        self.cache = DocumentCache(capacity: limits.documentCacheCapacity, maxBytes: limits.documentCacheBytes)
        self.fragments = FragmentCache(maxBytes: limits.fragmentCacheBytes)
    }

    /// Parses and validates `query`, or returns it from the cache. Failed
    /// documents are not cached.
    /// - Parameter persistedID: also registers the document under this id
    ///   once it is valid (Automatic Persisted Queries: the caller has checked
    ///   that the id is the SHA-256 of `query`); see `persistedDocument(id:)`.
    package func prepare(_ query: String, persistedID: String? = nil) -> Result<PreparedDocument, GraphQLRequestError> {
        if let cached = cache.document(for: query, persistedID: persistedID) { return .success(cached) }
        let parsed = traced("graphql.parse") { () -> Result<Document, GraphQLError> in
            do throws(GraphQLError) { return .success(try parse(query, limits: limits.parse)) } catch { return .failure(error) }
        }
        let document: Document
        switch parsed {
        case .success(let value): document = value
        case .failure(let error): return .failure(GraphQLRequestError(errors: [error], kind: .parse))
        }
        let errors = traced("graphql.validate") {
            validate(schema: schema, document: document, maxErrors: limits.maxValidationErrors, maxCost: limits.maxValidationCost)
        }
        guard errors.isEmpty else { return .failure(GraphQLRequestError(errors: errors, kind: .validation)) }
        let prepared = PreparedDocument(document: document, schema: schema, queryBytes: query.utf8.count)
        cache.insert(prepared, for: query, persistedID: persistedID)
        return .success(prepared)
    }

    /// The text and prepared document registered under `id` by `prepare`,
    /// while the document cache keeps it (its byte budget bounds both).
    package func persistedDocument(id: String) -> (query: String, document: PreparedDocument)? {
        cache.document(persistedID: id)
    }

    /// Spec §6.1 ExecuteRequest for a prepared document. Synchronous: resolvers
    /// run on the calling thread, which waits with them (a like's commit).
    /// - Parameters:
    ///   - context: handed to every resolver as `ResolveInfo.context`.
    ///   - deadline: when execution must stop; nil is `limits.requestTimeout`
    ///     from now. Callers that did work before (parsing the body,
    ///     preparing) pass the deadline they computed when they started.
    ///   - rootValue: the source of the root fields: a subscription's event
    ///     (§6.2.3.2 ExecuteSubscriptionEvent), nothing for queries and mutations.
    /// With `incremental`, an applying `@defer` splits the answer into
    /// payloads (`ExecutionResponse.incremental`); otherwise `@defer` is ignored.
    package func execute(
        _ document: PreparedDocument, operationName: String?, variables: JSONObject?, context: Any,
        deadline: ContinuousClock.Instant? = nil, rootValue: Any = (), incremental: Bool = false
    ) -> ExecutionResponse {
        traced("graphql.execute") {
            executeUntraced(
                document, operationName: operationName, variables: variables, context: context, deadline: deadline,
                rootValue: rootValue, incremental: incremental)
        }
    }

    private func executeUntraced(
        _ document: PreparedDocument, operationName: String?, variables: JSONObject?, context: Any,
        deadline: ContinuousClock.Instant?, rootValue: Any, incremental: Bool
    ) -> ExecutionResponse {
        let operation: OperationDefinition
        do {
            operation = try document.operation(named: operationName)
        } catch {
            return .requestErrors([error])
        }
        let coerced = coerceVariableValues(
            schema: schema,
            plans: document.variablePlans[operation.loc.offset]
                ?? operation.variableDefinitions.map { VariablePlan($0, schema: schema) },
            inputs: variables ?? JSONObject())
        guard coerced.errors.isEmpty else { return .requestErrors(coerced.errors) }
        var executor = Executor(
            schema: schema, fragments: document.fragments, variables: coerced.values, context: context,
            plans: document.plans,
            // Copied objects would carry their deferred fields unrecorded: an incremental execution runs them.
            fragmentCache: limits.fragmentCacheBytes > 0 && !incremental ? fragments : nil,
            errorMapper: errorMapper,
            bounds: ExecutionBounds(
                maxExecutedFields: limits.maxExecutedFields, maxDepth: limits.parse.maxDepth,
                deadline: Deadline(deadline ?? ContinuousClock.now.advanced(by: limits.requestTimeout)),
                timeout: limits.requestTimeout, maxResponseBytes: limits.maxResponseBytes),
            initialCapacity: max(Self.minimumResponseCapacity, document.plans.lastResponseSize.load(ordering: .relaxed)),
            incremental: incremental)
        let body = executor.executeOperation(operation, rootValue: rootValue)
        var response = ExecutionResponse.finished(body, executor.errors, plans: document.plans)
        if !executor.deferredFields.isEmpty {
            response.incremental = IncrementalDelivery.payloads(
                of: body, dataStart: executor.dataStart, deferred: executor.deferredFields, errors: executor.errors)
        }
        return response
    }

    /// `prepare` then `execute`, with preparation failures as request errors.
    package func execute(
        query: String, operationName: String? = nil, variables: JSONObject? = nil, context: Any = ()
    ) -> ExecutionResponse {
        switch prepare(query) {
        case .success(let document):
            execute(document, operationName: operationName, variables: variables, context: context)
        case .failure(let error):
            .requestErrors(error.errors)
        }
    }
}

extension GraphQLEngine {
    /// `body` inside a span named `name` when traces are on, a child of the
    /// current span and the current span of whatever `body` starts (a
    /// resolver's storage spans are its children).
    func traced<T>(_ name: String, _ body: () -> T) -> T {
        guard let tracer else { return body() }
        let span = tracer.startSpan(name, context: InstrumentationContext.current ?? .topLevel, ofKind: .internal)
        defer { span.end() }
        return InstrumentationContext.$current.withValue(span.context) { body() }
    }
}
