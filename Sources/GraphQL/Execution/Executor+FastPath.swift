import JSON

// The executor's fast path: the common resolved values in the common field
// shapes, written without walking the field's `TypeReference`. Anything it
// does not handle goes, untouched and unwritten, to the generic
// CompleteValue (spec §6.4.3); so the bytes and the errors are the generic
// path's. Values are consumed, so that a payload moves to where it is
// written instead of being copied.
extension Executor {
    /// Spec §6.4.3 CompleteValue for `plan`'s field.
    @inline(__always)
    mutating func complete(_ plan: FieldPlan, _ resolved: consuming Resolved) throws(GraphQLError) {
        let shape = plan.shape
        guard shape.isSimple else { return try completeValue(plan.definition.type, plan, resolved) }
        guard shape.isList else { return try completeItem(plan, resolved, nonNull: shape.nonNull, isItem: false) }
        switch consume resolved {
        case .texts(let texts):
            guard case .stringLike = shape.leaf else { return try completeValue(plan.definition.type, plan, .texts(texts)) }
            completeTexts(texts)
        case .nodes(let nodes):
            try completeNodes(plan, nodes)
        case .list(let items):
            out.append(UInt8(ascii: "["))
            for index in items.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                frames.push(PathFrame(index: index))
                let start = out.count
                do throws(GraphQLError) {
                    try completeItem(plan, items[index], nonNull: shape.itemNonNull, isItem: true)
                } catch {
                    frames.pop()
                    try handleFieldError(error, plan.itemType, start)
                    continue
                }
                frames.pop()
            }
            out.append(UInt8(ascii: "]"))
        case let other:
            try completeValue(plan.definition.type, plan, other)
        }
    }

    /// One value of the field's named type, at a position that is non-null or
    /// not: the field itself, or (`isItem`) an item of its list.
    @inline(__always)
    private mutating func completeItem(
        _ plan: FieldPlan, _ resolved: consuming Resolved, nonNull: Bool, isItem: Bool
    ) throws(GraphQLError) {
        // Each case's `where` decides from the plan (and the value, borrowed)
        // whether the fast path writes it; anything else reaches the generic
        // path whole, so no payload is taken out and put back.
        let leaf = plan.shape.leaf
        switch consume resolved {
        case .text(let text) where leaf == .stringLike:
            out.appendJSONString(text)
        case .text(let text) where leaf == .enumeration && plan.enumValueNames.contains(text):
            out.appendJSONString(text)
        case .leaf(.string(let text)) where leaf == .stringLike:
            out.appendJSONString(text)
        case .decimalText(let number) where leaf == .stringLike:
            out.append(UInt8(ascii: "\""))
            out.appendJSONInt(Int(number))
            out.append(UInt8(ascii: "\""))
        case .bool(let flag) where leaf == .boolean:
            if flag { out.appendASCII("true") } else { out.appendASCII("false") }
        case .null where !nonNull:
            out.appendASCII("null")
        case .node(let node) where leaf == .object:
            guard let objectType = plan.objectType else { return try completeGeneric(plan, .node(node), isItem: isItem) }
            try executeFields(node: node, try subfields(plan, objectType))
        case .object(let source) where leaf == .object:
            guard let objectType = plan.objectType else { return try completeGeneric(plan, .object(source), isItem: isItem) }
            try executeFields(objectType, .value(source), try subfields(plan, objectType))
        case let other:
            try completeGeneric(plan, other, isItem: isItem)
        }
    }

    @inline(never)
    private mutating func completeGeneric(_ plan: FieldPlan, _ resolved: Resolved, isItem: Bool) throws(GraphQLError) {
        try completeValue(isItem ? plan.itemType : plan.definition.type, plan, resolved)
    }

    /// A list of strings for a `[String]`/`[ID]` field of any nullability.
    private mutating func completeTexts(_ texts: [String]) {
        out.append(UInt8(ascii: "["))
        for index in texts.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendJSONString(texts[index])
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A list of class sources for a list-of-objects field of any nullability.
    private mutating func completeNodes(_ plan: FieldPlan, _ nodes: [AnyObject]) throws(GraphQLError) {
        guard case .object = plan.shape.leaf, let objectType = plan.objectType else {
            return try completeValue(plan.definition.type, plan, .nodes(nodes))
        }
        // Collected at the first item, as the generic path does, so that an
        // error has the item's path.
        var subplans: [FieldPlan]?
        out.append(UInt8(ascii: "["))
        for index in nodes.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            frames.push(PathFrame(index: index))
            let start = out.count
            do throws(GraphQLError) {
                let fields: [FieldPlan]
                if let subplans { fields = subplans } else { fields = try subfields(plan, objectType) }
                subplans = fields
                try executeFields(node: nodes[index], fields)
            } catch {
                frames.pop()
                try handleFieldError(error, plan.itemType, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "]"))
    }
}
