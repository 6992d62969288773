import JSON

/// The state of one execution (spec §6): writes the `data` member straight
/// into a byte buffer and records field errors. One per request, one thread.
///
/// Null propagation (spec §6.4.4, graphql-js `handleFieldError`): every
/// nullable position remembers the buffer offset where its value starts; a
/// failing value throws up to the nearest such position, which records the
/// error, truncates the buffer back to its offset and writes `null`.
struct Executor: ~Copyable {
    let schema: Schema
    let collector: FieldCollector
    let context: Any
    let errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)?
    let bounds: ExecutionBounds
    let plans: OperationPlanCache
    /// Where keyed objects are copied from and kept (`completeKeyedObject`); nil: none.
    let fragmentCache: FragmentCache?

    var errors: [GraphQLError] = []
    var out: ResponseBuffer
    var executedFields = 0
    var limitExceeded = false
    /// Fields whose arguments were coerced from variables: their values are
    /// not named by the field plan, so an object that ran one is not cached.
    var variableArgumentFields = 0
    /// The response path of the value being completed, as trivial frames;
    /// turned into `PathComponent`s only for errors and `ResolveInfo`.
    var frames = TrivialStack<PathFrame>(capacity: 16)

    var path: [PathComponent] { frames.map(\.component) }
    /// Where the `data` member's value starts in `out`.
    private(set) var dataStart = 0
    /// An incremental execution (`@defer` honoured): the deferred fields are
    /// written in place as any other, and where they went is recorded here.
    let incremental: Bool
    /// The deferred fields written so far, in buffer order (`IncrementalDelivery`).
    var deferredFields: [DeferredField] = []
    /// Above zero while a deferred field's value is written: what it holds goes with it.
    private var insideDeferred = 0

    init(
        schema: Schema, fragments: [String: FragmentDefinition], variables: JSONObject, context: Any,
        plans: OperationPlanCache, fragmentCache: FragmentCache? = nil,
        errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)?, bounds: ExecutionBounds, initialCapacity: Int = 1024,
        incremental: Bool = false
    ) {
        self.schema = schema
        self.incremental = incremental
        self.collector = FieldCollector(schema: schema, fragments: fragments, variables: variables)
        self.context = context
        self.errorMapper = errorMapper
        self.bounds = bounds
        self.plans = plans
        self.fragmentCache = fragmentCache
        self.out = ResponseBuffer(capacity: initialCapacity)
    }

    /// Spec §6.2.1 ExecuteQuery / §6.2.2 ExecuteMutation: the whole response
    /// object. Root fields run one after another in selection order, which
    /// is the serial execution §6.3.1 requires of a mutation: resolvers are
    /// synchronous, so a like's field returns only once its commit is durable.
    mutating func executeOperation(_ operation: OperationDefinition, rootValue: Any) -> [UInt8] {
        out.appendASCII("{\"data\":")
        dataStart = out.count
        do throws(GraphQLError) {
            guard let rootType = schema.rootType(for: operation.operation) else {
                throw GraphQLError(
                    "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                    locations: [operation.loc], code: .validationFailed)
            }
            let collector = self.collector
            let rootFields = try plans.rootPlan(for: operation, variables: collector.variables) { () throws(GraphQLError) in
                try collector.collectFields(rootType, [operation.selectionSet])
            }
            try executeFields(ObjectSource.value(ValueSource(rootValue)), rootFields)
        } catch {
            failOperation(error)
        }
        return finishResponse()
    }

    /// An error no field absorbed: `"data": null`.
    private mutating func failOperation(_ error: GraphQLError) {
        errors.append(error)
        out.replaceTail(from: dataStart)
        deferredFields.removeAll()
    }

    private mutating func finishResponse() -> [UInt8] {
        // Past the bound on the last fields (checked every 64 fields while running): an error, not a partial body.
        if out.count > bounds.maxResponseBytes, !limitExceeded {
            failOperation(stop(Self.tooLarge(bounds), .badUserInput))
        }
        out.append(UInt8(ascii: "}"))
        return out.bytes
    }

    static func tooLarge(_ bounds: ExecutionBounds) -> String {
        "Execution stopped: the response is larger than \(bounds.maxResponseBytes) bytes."
    }

    /// Spec §6.3 ExecuteSelectionSet, with the grouped field set already collected.
    mutating func executeFields(_ source: ObjectSource, _ plans: [FieldPlan]) throws(GraphQLError) {
        if incremental, insideDeferred == 0, plans.contains(where: { $0.deferral != nil }) {
            return try executeFieldsRecordingDeferred(source, plans)
        }
        out.append(UInt8(ascii: "{"))
        for position in plans.indices {
            // The plan array keeps every plan alive: borrowing each one
            // unretained spares a retain and a release per field. The error
            // is returned, not captured, so the closure needs no heap box.
            let failure: GraphQLError? = Unmanaged.passUnretained(plans[position])._withUnsafeGuaranteedRef { plan in
                do throws(GraphQLError) {
                    try executeField(plan, source, first: position == 0)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `executeFields` for an object some of whose fields are deferred: each
    /// is executed in its place, as always, and its bytes' place recorded
    /// (`IncrementalDelivery` moves them to the later payload). Whatever a
    /// deferred field's value holds, deferred or not, goes with it.
    private mutating func executeFieldsRecordingDeferred(_ source: ObjectSource, _ plans: [FieldPlan]) throws(GraphQLError) {
        out.append(UInt8(ascii: "{"))
        let objectPath = path
        for (position, plan) in plans.enumerated() {
            guard let usage = plan.deferral else {
                try executeField(plan, source, first: position == 0)
                continue
            }
            let start = out.count
            insideDeferred += 1
            do throws(GraphQLError) {
                try executeField(plan, source, first: position == 0)
            } catch {
                insideDeferred -= 1
                throw error
            }
            insideDeferred -= 1
            deferredFields.append(DeferredField(usage: usage, path: objectPath, start: start, end: out.count, first: position == 0))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Spec §6.4 ExecuteField: coerce arguments, resolve, complete; a field
    /// error is absorbed here when the field is nullable.
    @inline(__always)
    private mutating func executeField(_ plan: FieldPlan, _ source: ObjectSource, first: Bool) throws(GraphQLError) {
        // `,"key":` after the first member, `"key":` for it.
        out.append(first ? plan.encodedKey : plan.separatedKey)
        let start = try beginField(plan)
        try completeField(plan, start, resolve(plan, source))
    }

    /// Completes the field that `beginField` entered (its value started at
    /// `start`) with its resolved value, and leaves its path; the resolver's
    /// error or the completion's is absorbed here when the field is nullable.
    @inline(__always)
    private mutating func completeField(
        _ plan: FieldPlan, _ start: Int, _ resolved: consuming Result<Resolved, GraphQLError>
    ) throws(GraphQLError) {
        do throws(GraphQLError) {
            try complete(plan, try resolved.get())
        } catch {
            frames.pop()
            try handleFieldError(error, nonNull: plan.shape.isNonNull(at: 0), start)
            return
        }
        frames.pop()
    }

    /// Spec §6.4.2 ResolveFieldValue, by the cheapest resolver the plan has:
    /// the value, or the error located at the field.
    @inline(__always)
    private mutating func resolve(_ plan: FieldPlan, _ source: ObjectSource) -> Result<Resolved, GraphQLError> {
        do throws(GraphQLError) {
            if case .node(let node) = source, let resolveNode = plan.resolveNode {
                return .success(try call(resolveNode, node, plan))
            } else if case .node(let node) = source, let resolve = plan.resolveNodeWithArguments {
                return .success(try call(resolve, node, argumentValues(plan), plan))
            } else {
                return .success(try resolveField(plan, source))
            }
        } catch {
            return .failure(error)
        }
    }

    /// A `resolveNode` resolver, its error located at the field.
    @inline(__always)
    private func call(_ resolveNode: NodeFieldResolver, _ node: AnyObject, _ plan: FieldPlan) throws(GraphQLError) -> Resolved {
        do {
            return try resolveNode(node)
        } catch {
            throw located(error, plan)
        }
    }

    /// A `resolveNodeWithArguments` resolver, its error located at the field.
    private func call(
        _ resolve: NodeArgumentsFieldResolver, _ node: AnyObject, _ arguments: JSONObject, _ plan: FieldPlan
    ) throws(GraphQLError) -> Resolved {
        do {
            return try resolve(node, arguments)
        } catch {
            throw located(error, plan)
        }
    }

    /// Counts the field against the limit and enters its path; returns where
    /// its value starts in the buffer.
    @inline(__always)
    private mutating func beginField(_ plan: FieldPlan) throws(GraphQLError) -> Int {
        executedFields += 1
        if executedFields > bounds.maxExecutedFields {
            throw stop("Execution stopped: the operation selects more than \(bounds.maxExecutedFields) fields.", .badUserInput)
        }
        // The clock and the response's size are read every 64 fields: a few nanoseconds per field.
        if executedFields & 63 == 0 {
            if let deadline = bounds.deadline, deadline.hasPassed() {
                throw stop("Execution stopped: the request took longer than \(ExecutionBounds.describe(bounds.timeout)).", .internalServerError)
            }
            if out.count > bounds.maxResponseBytes { throw stop(Self.tooLarge(bounds), .badUserInput) }
        }
        frames.push(PathFrame(plan))
        return out.count
    }

    /// An error that ends the whole execution: no nullable position absorbs
    /// it, so the response has `"data": null`.
    private mutating func stop(_ message: String, _ code: GraphQLErrorCode) -> GraphQLError {
        limitExceeded = true
        return GraphQLError(message, code: code)
    }

    /// Spec §6.4.2 ResolveFieldValue. `ResolveInfo` shares the path buffer and
    /// is gone when this returns, so the next push onto `path` does not copy it.
    private mutating func resolveField(_ plan: FieldPlan, _ source: ObjectSource) throws(GraphQLError) -> Resolved {
        let value: Any
        switch source {
        case .node(let node):
            // A field without a `resolveNode` resolver: the node as `Any`.
            value = node
        case .value(let box):
            value = box.value
        }
        if let resolveSource = plan.resolveSource {
            do {
                return try resolveSource(value)
            } catch {
                throw located(error, plan)
            }
        }
        let arguments = try argumentValues(plan)
        let info = ResolveInfo(
            fieldName: plan.definition.name, parentType: plan.parentType, path: path, schema: schema, context: context)
        do {
            return try plan.definition.resolve(value, arguments, info)
        } catch {
            throw located(error, plan)
        }
    }

    /// graphql-js `handleFieldError`: a nullable position absorbs the error.
    mutating func handleFieldError(_ error: GraphQLError, nonNull: Bool, _ start: Int) throws(GraphQLError) {
        if limitExceeded || nonNull { throw error }
        errors.append(error)
        out.replaceTail(from: start)
        // Deferred fields written inside the value just replaced by `null` are gone with it.
        if !deferredFields.isEmpty { deferredFields.removeAll { $0.start >= start } }
    }

    private mutating func argumentValues(_ plan: FieldPlan) throws(GraphQLError) -> JSONObject {
        switch plan.staticArguments {
        case .success(let arguments): return arguments
        case .failure(let error): throw withPath(error)
        case nil:
            variableArgumentFields += 1
            do {
                return try coerceArgumentValues(
                    definitions: plan.definition.arguments, arguments: plan.nodes[0].arguments,
                    nodeLocation: plan.nodes[0].loc, schema: schema, variables: collector.variables)
            } catch {
                throw withPath(error)
            }
        }
    }

    mutating func subfields(_ plan: FieldPlan, _ objectType: ObjectType) throws(GraphQLError) -> SubfieldPlans {
        // Checked on the expanded plan: fragments can nest a selection deeper
        // than the parser's bound on any one definition.
        if plan.depth >= bounds.maxDepth {
            throw stop("Execution stopped: the operation nests fields deeper than \(bounds.maxDepth) levels.", .badUserInput)
        }
        let collector = self.collector
        do {
            return try plan.subfields(budget: plans) { () throws(GraphQLError) in
                try collector.collectSubfields(objectType, plan)
            }
        } catch {
            throw withPath(error)
        }
    }

    func fieldError(_ message: String, _ plan: FieldPlan) -> GraphQLError {
        GraphQLError(message, locations: plan.locations, path: path, code: .internalServerError)
    }

    private func withPath(_ error: GraphQLError) -> GraphQLError {
        var error = error
        if error.path.isEmpty { error.path = path }
        return error
    }

    private func located(_ error: any Error, _ plan: FieldPlan) -> GraphQLError {
        GraphQLError.located(error, at: plan, path: path, context: context, errorMapper: errorMapper)
    }
}

extension GraphQLError {
    /// graphql-js `locatedError`, plus the engine's policy: a `GraphQLError`
    /// keeps its message and code, the mapper may translate anything else, and
    /// whatever is left is an internal error whose detail is not shown. For
    /// a field's resolver and a subscription field's source stream alike.
    static func located(
        _ error: any Error, at plan: FieldPlan, path: [PathComponent], context: Any,
        errorMapper: (@Sendable (any Error, _ context: Any) -> GraphQLError?)?
    ) -> GraphQLError {
        var result: GraphQLError
        if let graphQLError = error as? GraphQLError {
            result = graphQLError
        } else if let mapped = errorMapper?(error, context) {
            result = mapped
        } else {
            result = GraphQLError("Internal server error", code: .internalServerError)
        }
        if result.locations.isEmpty { result.locations = plan.locations }
        if result.path.isEmpty { result.path = path }
        return result
    }
}
