import JSON

/// What `GraphQLEngine.subscribe` gives: the source event stream, or the
/// response that says why there is none.
package enum SubscriptionResult: Sendable {
    /// What the root field's `subscribe` resolver returned: it describes the
    /// events; each is executed with `execute(…, rootValue: event)`.
    case stream(any Sendable)
    /// A request error (`{"errors":[…]}`, no `data`): the operation, its
    /// variables or the source stream's resolver refused.
    case failed(ExecutionResponse)
}

extension GraphQLEngine {
    /// Spec §6.2.3 Subscribe, CreateSourceEventStream (§6.2.3.1): the
    /// operation's one root field (collected as any selection set is), its
    /// arguments coerced, its `subscribe` resolver called. MapSourceToResponseEvent
    /// (§6.2.3.2) is the caller's: it executes the operation once per event,
    /// the event as root value, with `execute`. As graphql-js, an error here
    /// is a request error located at the field: there is no `data`.
    package func subscribe(
        _ document: PreparedDocument, operationName: String?, variables: JSONObject?, context: Any, rootValue: Any = ()
    ) -> SubscriptionResult {
        let operation: OperationDefinition
        do {
            operation = try document.operation(named: operationName)
        } catch {
            return .failed(.requestErrors([error]))
        }
        guard operation.operation == .subscription, let rootType = schema.rootType(for: .subscription) else {
            return .failed(.requestErrors([GraphQLError("Only a subscription operation has a source event stream.", code: .badRequest)]))
        }
        let coerced = coerceVariableValues(
            schema: schema,
            plans: document.variablePlans[operation.loc.offset]
                ?? operation.variableDefinitions.map { VariablePlan($0, schema: schema) },
            inputs: variables ?? JSONObject())
        guard coerced.errors.isEmpty else { return .failed(.requestErrors(coerced.errors)) }
        let collector = FieldCollector(schema: schema, fragments: document.fragments, variables: coerced.values)
        let plan: FieldPlan
        do {
            // Validation (SingleFieldSubscriptionsRule) leaves exactly one.
            guard let first = try collector.collectFields(rootType, [operation.selectionSet]).first else {
                return .failed(.requestErrors([GraphQLError("The subscription selects no field.", code: .badRequest)]))
            }
            plan = first
        } catch {
            return .failed(.requestErrors([error]))
        }
        let path: [PathComponent] = [.key(plan.responseKey)]
        guard let subscribe = plan.definition.subscribe else {
            return .failed(.requestErrors([GraphQLError(
                "Subscription field \"\(plan.definition.name)\" has no source stream.", locations: plan.locations, path: path,
                code: .internalServerError)]))
        }
        do {
            let arguments = try coerceArgumentValues(
                definitions: plan.definition.arguments, arguments: plan.nodes[0].arguments, nodeLocation: plan.nodes[0].loc,
                schema: schema, variables: coerced.values)
            let info = ResolveInfo(fieldName: plan.definition.name, parentType: rootType, path: path, schema: schema, context: context)
            return .stream(try subscribe(rootValue, arguments, info))
        } catch {
            return .failed(.requestErrors([GraphQLError.located(error, at: plan, path: path, context: context, errorMapper: errorMapper)]))
        }
    }
}
