import JSON

// Spec §6.4.3 CompleteValue: the one path by which a resolved value becomes
// response bytes. The field's type is read from its plan's `CompletionShape`
// (which level is non-null, which is a list, what the named type is), so
// nothing here walks a `TypeReference` or compares type names per value.
// Values are consumed, so that a payload moves to where it is written
// instead of being copied.
extension Executor {
    /// Completes `resolved` at `level` of `plan`'s type: level 0 is the field,
    /// level n an item of its n-th list.
    mutating func complete(_ plan: FieldPlan, _ resolved: consuming Resolved, level: Int = 0) throws(GraphQLError) {
        let isList = plan.shape.isList(at: level)
        switch consume resolved {
        case .null, .leaf(.null):
            if plan.shape.isNonNull(at: level) {
                throw fieldError(
                    "Cannot return null for non-nullable field \(plan.parentType.name).\(plan.definition.name).", plan)
            }
            out.appendASCII("null")
        case .leaf(let value):
            guard !isList else { throw notIterable(plan) }
            try completeLeaf(plan, value)
        case .node(let node):
            guard !isList else { throw notIterable(plan) }
            try completeObject(plan, .node(node))
        case .object(let source):
            guard !isList else { throw notIterable(plan) }
            try completeObject(plan, .value(ValueSource(source)))
        case .list(let items):
            try completeList(plan, level, count: items.count) { items[$0] }
        case .strings(let strings):
            try completeList(plan, level, count: strings.count) { .leaf(.string(strings[$0])) }
        case .nodes(let nodes):
            try completeList(plan, level, count: nodes.count) { .node(nodes[$0]) }
        }
    }

    /// A list's items, each at the next level; an item's error is absorbed
    /// by the item when it is nullable (graphql-js `completeListValue`).
    @inline(__always)
    private mutating func completeList(
        _ plan: FieldPlan, _ level: Int, count: Int, _ item: (Int) -> Resolved
    ) throws(GraphQLError) {
        guard plan.shape.isList(at: level) else {
            throw fieldError(
                "Expected a single value for field \"\(plan.parentType.name).\(plan.definition.name)\", but the resolver returned a list.",
                plan)
        }
        let itemNonNull = plan.shape.isNonNull(at: level + 1)
        out.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            frames.push(PathFrame(index: index))
            let start = out.count
            do throws(GraphQLError) {
                try complete(plan, item(index), level: level + 1)
            } catch {
                frames.pop()
                try handleFieldError(error, nonNull: itemNonNull, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func completeObject(_ plan: FieldPlan, _ source: ObjectSource) throws(GraphQLError) {
        guard let objectType = plan.objectType else {
            throw fieldError("Expected a value of type \"\(plan.definition.type.namedType)\" but received an object.", plan)
        }
        let subplans = try subfields(plan, objectType)
        if let keyFunction = objectType.fragmentKey, let selection = subplans.selection, let fragmentCache,
            case .node(let node) = source {
            return try completeKeyedObject(plan, node, subplans, selection, keyFunction, fragmentCache)
        }
        try executeFields(source, subplans.plans)
    }

    /// A scalar's or enum's `serialize`, written. The first switch writes,
    /// without building a `JSONValue`, the values those `serialize` functions
    /// return unchanged or only spell as a string: a string for `String`/`ID`,
    /// an integer for `String`/`ID` (its decimal digits, as `String(n)`), a
    /// Boolean for `Boolean`, a value name for an enum.
    private mutating func completeLeaf(_ plan: FieldPlan, _ value: JSONValue) throws(GraphQLError) {
        switch (plan.shape.leaf, value) {
        case (.stringLike, .string(let text)):
            return out.appendJSONString(text)
        case (.stringLike, .int(let number)):
            out.append(UInt8(ascii: "\""))
            out.appendJSONInt(number)
            return out.append(UInt8(ascii: "\""))
        case (.boolean, .bool(let flag)):
            return flag ? out.appendASCII("true") : out.appendASCII("false")
        case (.enumeration, .string(let name)) where plan.enumValueNames.contains(name):
            return out.appendJSONString(name)
        default:
            break
        }
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

    private func notIterable(_ plan: FieldPlan) -> GraphQLError {
        fieldError("Expected Iterable, but did not find one for field \"\(plan.parentType.name).\(plan.definition.name)\".", plan)
    }
}
