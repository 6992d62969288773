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
    let errorMapper: (@Sendable (any Error) -> GraphQLError?)?
    let bounds: ExecutionBounds
    let plans: OperationPlanCache

    var errors: [GraphQLError] = []
    var out: ResponseBuffer
    private var executedFields = 0
    private var limitExceeded = false
    /// The response path of the value being completed, as trivial frames;
    /// turned into `PathComponent`s only for errors and `ResolveInfo`.
    var frames = TrivialStack<PathFrame>(capacity: 16)

    var path: [PathComponent] { frames.map(\.component) }

    init(
        schema: Schema, fragments: [String: FragmentDefinition], variables: JSONObject, context: Any,
        plans: OperationPlanCache,
        errorMapper: (@Sendable (any Error) -> GraphQLError?)?, bounds: ExecutionBounds, initialCapacity: Int = 1024
    ) {
        self.schema = schema
        self.collector = FieldCollector(schema: schema, fragments: fragments, variables: variables)
        self.context = context
        self.errorMapper = errorMapper
        self.bounds = bounds
        self.plans = plans
        self.out = ResponseBuffer(capacity: initialCapacity)
    }

    /// Spec §6.2.1 ExecuteQuery / §6.2.2 ExecuteMutation: the whole response
    /// object. Resolvers are synchronous, so root fields of a mutation run
    /// serially, in selection order, as §6.3.1 requires.
    mutating func executeOperation(_ operation: OperationDefinition, rootValue: Any) -> [UInt8] {
        out.appendASCII("{\"data\":")
        let dataStart = out.count
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
            try executeFields(rootType, .value(rootValue), rootFields)
        } catch {
            errors.append(error)
            out.replaceTail(from: dataStart)
        }
        out.append(UInt8(ascii: "}"))
        return out.bytes
    }

    /// Spec §6.3 ExecuteSelectionSet, with the grouped field set already collected.
    mutating func executeFields(_ objectType: ObjectType, _ source: ObjectSource, _ plans: [FieldPlan]) throws(GraphQLError) {
        if case .node(let node) = source { return try executeFields(node: node, plans) }
        out.append(UInt8(ascii: "{"))
        for position in plans.indices {
            let plan = plans[position]
            // `,"key":` after the first member, `"key":` for it.
            out.append(position == 0 ? plan.encodedKey : plan.separatedKey)
            // Spec §6.4 ExecuteField: coerce arguments, resolve, complete.
            let start = try beginField(plan)
            do throws(GraphQLError) {
                try complete(plan, try resolveField(plan, source))
            } catch {
                try endField(plan, failedWith: error, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `executeFields` for a class instance source: the source is unwrapped
    /// once per object, not once per field, and `resolveNode` resolvers get it
    /// as it is.
    mutating func executeFields(node: AnyObject, _ plans: [FieldPlan]) throws(GraphQLError) {
        out.append(UInt8(ascii: "{"))
        var failure: GraphQLError?
        for position in plans.indices {
            // The plan array keeps every plan alive: borrowing each one
            // unretained spares a retain and a release per field.
            Unmanaged.passUnretained(plans[position])._withUnsafeGuaranteedRef { plan in
                do throws(GraphQLError) {
                    try executeField(plan, node: node, first: position == 0)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// One field of a class instance source (spec §6.4 ExecuteField).
    @inline(__always)
    private mutating func executeField(_ plan: FieldPlan, node: AnyObject, first: Bool) throws(GraphQLError) {
        out.append(first ? plan.encodedKey : plan.separatedKey)
        let start = try beginField(plan)
        do throws(GraphQLError) {
            if let resolveNode = plan.resolveNode {
                try complete(plan, try call(resolveNode, node, plan))
            } else {
                try complete(plan, try resolveField(plan, .node(node)))
            }
        } catch {
            try endField(plan, failedWith: error, start)
            return
        }
        frames.pop()
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

    /// Counts the field against the limit and enters its path; returns where
    /// its value starts in the buffer.
    @inline(__always)
    private mutating func beginField(_ plan: FieldPlan) throws(GraphQLError) -> Int {
        executedFields += 1
        if executedFields > bounds.maxExecutedFields {
            throw stop("Execution stopped: the operation selects more than \(bounds.maxExecutedFields) fields.", .badUserInput)
        }
        // The clock is read every 64 fields: a few nanoseconds per field.
        if executedFields & 63 == 0, let deadline = bounds.deadline, deadline.hasPassed() {
            throw stop("Execution stopped: the request took longer than \(ExecutionBounds.describe(bounds.timeout)).", .internalServerError)
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

    /// Leaves a field whose value failed: null in place, or up to the parent.
    private mutating func endField(_ plan: FieldPlan, failedWith error: GraphQLError, _ start: Int) throws(GraphQLError) {
        frames.pop()
        try handleFieldError(error, plan.definition.type, start)
    }

    /// Spec §6.4.2 ResolveFieldValue. `ResolveInfo` shares the path buffer and
    /// is gone when this returns, so the next push onto `path` does not copy it.
    private func resolveField(_ plan: FieldPlan, _ source: ObjectSource) throws(GraphQLError) -> Resolved {
        let value: Any
        switch source {
        case .node(let node):
            // `executeField` has already called a `resolveNode` resolver.
            value = node
        case .value(let any):
            value = any
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
    mutating func handleFieldError(_ error: GraphQLError, _ type: TypeReference, _ start: Int) throws(GraphQLError) {
        if limitExceeded || type.isNonNull { throw error }
        errors.append(error)
        out.replaceTail(from: start)
    }

    private func argumentValues(_ plan: FieldPlan) throws(GraphQLError) -> JSONObject {
        switch plan.staticArguments {
        case .success(let arguments): return arguments
        case .failure(let error): throw withPath(error)
        case nil:
            do {
                return try coerceArgumentValues(
                    definitions: plan.definition.arguments, arguments: plan.nodes[0].arguments,
                    nodeLocation: plan.nodes[0].loc, schema: schema, variables: collector.variables)
            } catch {
                throw withPath(error)
            }
        }
    }

    /// Spec §6.4.3 CompleteValue.
    mutating func completeValue(_ type: TypeReference, _ plan: FieldPlan, _ resolved: Resolved) throws(GraphQLError) {
        if case .nonNull(let inner) = type {
            if resolved.isNull {
                throw fieldError(
                    "Cannot return null for non-nullable field \(plan.parentType.name).\(plan.definition.name).", plan)
            }
            return try completeValue(inner, plan, resolved)
        }
        switch resolved {
        case .null, .leaf(.null):
            out.appendASCII("null")
        case .texts(let texts):
            try completeValue(type, plan, .list(texts.map { .text($0) }))
        case .nodes(let nodes):
            try completeValue(type, plan, .list(nodes.map { .node($0) }))
        case .list(let items):
            guard case .list(let itemType) = type else {
                throw fieldError("Expected a single value for field \"\(plan.parentType.name).\(plan.definition.name)\", but the resolver returned a list.", plan)
            }
            try completeListValue(itemType, plan, items)
        case .leaf(let value):
            guard case .named = type else { throw notIterable(plan) }
            try completeLeafValue(plan, value)
        case .text(let text):
            guard case .named = type else { throw notIterable(plan) }
            try completeLeafValue(plan, .string(text))
        case .bool(let flag):
            guard case .named = type else { throw notIterable(plan) }
            try completeLeafValue(plan, .bool(flag))
        case .decimalText(let number):
            guard case .named = type else { throw notIterable(plan) }
            try completeLeafValue(plan, .string(String(number)))
        case .object(let source):
            guard case .named = type else { throw notIterable(plan) }
            guard case .object(let objectType) = plan.namedType else {
                throw fieldError("Expected a value of type \"\(plan.definition.type.namedType)\" but received an object.", plan)
            }
            try executeFields(objectType, .value(source), try subfields(plan, objectType))
        case .node(let node):
            guard case .named = type else { throw notIterable(plan) }
            guard case .object(let objectType) = plan.namedType else {
                throw fieldError("Expected a value of type \"\(plan.definition.type.namedType)\" but received an object.", plan)
            }
            try executeFields(objectType, .node(node), try subfields(plan, objectType))
        }
    }

    private mutating func completeListValue(_ itemType: TypeReference, _ plan: FieldPlan, _ items: [Resolved]) throws(GraphQLError) {
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            frames.push(PathFrame(index: index))
            let start = out.count
            do {
                try completeValue(itemType, plan, item)
            } catch {
                frames.pop()
                try handleFieldError(error, itemType, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func completeLeafValue(_ plan: FieldPlan, _ value: JSONValue) throws(GraphQLError) {
        do throws(CoercionError) {
            switch plan.namedType {
            case .scalar(let scalar): out.appendJSON(try scalar.serialize(value))
            case .enumeration(let enumeration): out.appendJSON(try enumeration.serialize(value))
            case .object, nil:
                throw CoercionError("Expected an object for field \"\(plan.parentType.name).\(plan.definition.name)\", but the resolver returned a leaf value.")
            }
        } catch {
            throw fieldError(error.message, plan)
        }
    }

    mutating func subfields(_ plan: FieldPlan, _ objectType: ObjectType) throws(GraphQLError) -> [FieldPlan] {
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

    private func notIterable(_ plan: FieldPlan) -> GraphQLError {
        fieldError("Expected Iterable, but did not find one for field \"\(plan.parentType.name).\(plan.definition.name)\".", plan)
    }

    private func fieldError(_ message: String, _ plan: FieldPlan) -> GraphQLError {
        GraphQLError(message, locations: plan.locations, path: path, code: .internalServerError)
    }

    private func withPath(_ error: GraphQLError) -> GraphQLError {
        var error = error
        if error.path.isEmpty { error.path = path }
        return error
    }

    /// graphql-js `locatedError`, plus the engine's policy: a `GraphQLError`
    /// keeps its message and code, the mapper may translate anything else, and
    /// whatever is left is an internal error whose detail is not shown.
    private func located(_ error: any Error, _ plan: FieldPlan) -> GraphQLError {
        var result: GraphQLError
        if let graphQLError = error as? GraphQLError {
            result = graphQLError
        } else if let mapped = errorMapper?(error) {
            result = mapped
        } else {
            result = GraphQLError("Internal server error", code: .internalServerError)
        }
        if result.locations.isEmpty { result.locations = plan.locations }
        if result.path.isEmpty { result.path = path }
        return result
    }
}
