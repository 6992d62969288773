import JSON

// The executor's fast path: the common resolved values in the common field
// shapes, written without walking the field's `TypeReference`. It writes
// nothing and returns false for anything it does not handle, and the
// generic CompleteValue (spec §6.4.3) takes over; so the bytes and the
// errors are the generic path's.
extension Executor {
    /// Completes `resolved` for `plan`'s field if its shape and value are
    /// simple; false (nothing written) otherwise.
    @inline(__always)
    mutating func completeFast(_ plan: FieldPlan, _ resolved: Resolved) throws(GraphQLError) -> Bool {
        let shape = plan.shape
        guard shape.isSimple else { return false }
        guard shape.isList else { return try completeItemFast(plan, resolved, nonNull: shape.nonNull) }
        switch resolved {
        case .texts(let texts): return completeTextsFast(plan, texts)
        case .nodes(let nodes): return try completeNodesFast(plan, nodes)
        default: break
        }
        guard case .list(let items) = resolved else { return false }
        out.append(UInt8(ascii: "["))
        for index in items.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            frames.push(PathFrame(index: index))
            let start = out.count
            do throws(GraphQLError) {
                if try !completeItemFast(plan, items[index], nonNull: shape.itemNonNull) {
                    try completeValue(plan.itemType, plan, items[index])
                }
            } catch {
                frames.pop()
                try handleFieldError(error, plan.itemType, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// A list of strings for a `[String]`/`[ID]` field of any nullability.
    @inline(__always)
    private mutating func completeTextsFast(_ plan: FieldPlan, _ texts: [String]) -> Bool {
        guard case .stringLike = plan.shape.leaf else { return false }
        out.append(UInt8(ascii: "["))
        for index in texts.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendJSONString(texts[index])
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// A list of class sources for a list-of-objects field of any nullability.
    @inline(__always)
    private mutating func completeNodesFast(_ plan: FieldPlan, _ nodes: [AnyObject]) throws(GraphQLError) -> Bool {
        guard case .object = plan.shape.leaf, let objectType = plan.objectType else { return false }
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
                try executeFields(objectType, .node(nodes[index]), fields)
            } catch {
                frames.pop()
                try handleFieldError(error, plan.itemType, start)
                continue
            }
            frames.pop()
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// One value of the field's named type, at a position that is non-null or not.
    @inline(__always)
    private mutating func completeItemFast(_ plan: FieldPlan, _ resolved: Resolved, nonNull: Bool) throws(GraphQLError) -> Bool {
        switch resolved {
        case .text(let text), .leaf(.string(let text)):
            switch plan.shape.leaf {
            case .stringLike: break
            case .enumeration: guard plan.enumValueNames.contains(text) else { return false }
            case .boolean, .object, .other: return false
            }
            out.appendJSONString(text)
        case .decimalText(let number):
            guard case .stringLike = plan.shape.leaf else { return false }
            out.append(UInt8(ascii: "\""))
            out.appendJSONInt(Int(number))
            out.append(UInt8(ascii: "\""))
        case .bool(let flag), .leaf(.bool(let flag)):
            guard case .boolean = plan.shape.leaf else { return false }
            if flag { out.appendASCII("true") } else { out.appendASCII("false") }
        case .null, .leaf(.null):
            guard !nonNull else { return false }
            out.appendASCII("null")
        case .object(let source):
            guard case .object = plan.shape.leaf, let objectType = plan.objectType else { return false }
            try executeFields(objectType, .value(source), try subfields(plan, objectType))
        case .node(let node):
            guard case .object = plan.shape.leaf, let objectType = plan.objectType else { return false }
            try executeFields(objectType, .node(node), try subfields(plan, objectType))
        case .leaf, .list, .texts, .nodes:
            return false
        }
        return true
    }
}
