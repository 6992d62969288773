import JSON

/// Every bound the engine puts on one request, with its default.
public struct GraphQLLimits: Sendable {
    /// Bounds on parsing (document size, tokens, nesting); see `ParseLimits`.
    public var parse: ParseLimits
    /// Validation stops after this many errors (graphql-js `maxErrors`). Default 100.
    public var maxValidationErrors: Int
    /// Units of validation work that can repeat for one part of a document
    /// (field pairs compared, fragments followed; see `ValidationCost`).
    /// Past it, the document is refused with one `GRAPHQL_VALIDATION_FAILED`
    /// error. Default 100,000 (`defaultMaxValidationCost`).
    public var maxValidationCost: Int
    /// Most fields one execution resolves, counting every list item's fields
    /// after fragment expansion: the guard against alias and list fan-out.
    /// Past it, execution stops with an error. Default 10,000.
    public var maxExecutedFields: Int
    /// Prepared (parsed and validated) documents kept, by query text. Default 256.
    public var documentCacheCapacity: Int

    public init(
        parse: ParseLimits = ParseLimits(), maxValidationErrors: Int = 100, maxExecutedFields: Int = 10_000,
        documentCacheCapacity: Int = 256, maxValidationCost: Int = GraphQLLimits.defaultMaxValidationCost
    ) {
        self.parse = parse
        self.maxValidationErrors = maxValidationErrors
        self.maxValidationCost = maxValidationCost
        self.maxExecutedFields = maxExecutedFields
        self.documentCacheCapacity = documentCacheCapacity
    }
}

/// Why a document could not be prepared: the response is `{"errors":[...]}`.
public struct GraphQLRequestError: Error, Sendable {
    public enum Kind: Sendable, Hashable {
        case parse
        case validation
    }

    public var errors: [GraphQLError]
    public var kind: Kind

    public init(errors: [GraphQLError], kind: Kind) {
        self.errors = errors
        self.kind = kind
    }
}

/// A parsed document that passed validation against the engine's schema.
public struct PreparedDocument: Sendable {
    public let document: Document
    let fragments: [String: FragmentDefinition]
    let plans: OperationPlanCache
    /// Each operation's variable definitions, prepared for coercion, by the
    /// operation's offset in the document.
    let variablePlans: [Int: [VariablePlan]]

    init(document: Document, schema: Schema) {
        self.document = document
        self.plans = OperationPlanCache(document: document)
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
    public func operation(named name: String?) throws(GraphQLError) -> OperationDefinition {
        try getOperation(document, named: name)
    }
}

/// The engine's entry point: parse -> validate (cached) -> execute -> JSON bytes.
public final class GraphQLEngine: Sendable {
    public let schema: Schema
    public let limits: GraphQLLimits
    private let errorMapper: (@Sendable (any Error) -> GraphQLError?)?
    let cache: DocumentCache
    /// The smallest response buffer reserved up front, in bytes.
    static let minimumResponseCapacity = 1024

    /// - Parameter errorMapper: turns an error a resolver threw (other than a
    ///   `GraphQLError`, which is kept as it is) into the error the client
    ///   sees, e.g. a domain "not found" into `NOT_FOUND`; nil, or no mapper,
    ///   gives `INTERNAL_SERVER_ERROR` with the message "Internal server error".
    public init(
        schema: Schema, limits: GraphQLLimits = .init(),
        errorMapper: (@Sendable (any Error) -> GraphQLError?)? = nil
    ) {
        self.schema = schema
        self.limits = limits
        self.errorMapper = errorMapper
        self.cache = DocumentCache(capacity: limits.documentCacheCapacity)
    }

    /// Parses and validates `query`, or returns it from the cache. Failed
    /// documents are not cached.
    public func prepare(_ query: String) -> Result<PreparedDocument, GraphQLRequestError> {
        if let cached = cache.document(for: query) { return .success(cached) }
        let document: Document
        do {
            document = try parse(query, limits: limits.parse)
        } catch {
            return .failure(GraphQLRequestError(errors: [error], kind: .parse))
        }
        let errors = validate(
            schema: schema, document: document, maxErrors: limits.maxValidationErrors,
            maxCost: limits.maxValidationCost)
        guard errors.isEmpty else { return .failure(GraphQLRequestError(errors: errors, kind: .validation)) }
        let prepared = PreparedDocument(document: document, schema: schema)
        cache.insert(prepared, for: query)
        return .success(prepared)
    }

    /// Spec §6.1 ExecuteRequest for a prepared document. Synchronous: resolvers
    /// run on the calling thread.
    /// - Parameter context: handed to every resolver as `ResolveInfo.context`.
    public func execute(
        _ document: PreparedDocument, operationName: String?, variables: JSONObject?, context: Any
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
            errorMapper: errorMapper, maxExecutedFields: limits.maxExecutedFields,
            initialCapacity: max(Self.minimumResponseCapacity, document.plans.lastResponseSize.load(ordering: .relaxed)))
        let body = executor.executeOperation(operation, rootValue: ())
        document.plans.lastResponseSize.store(body.count, ordering: .relaxed)
        return .executed(body, errors: executor.errors)
    }

    /// `prepare` then `execute`, with preparation failures as request errors.
    public func execute(
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
