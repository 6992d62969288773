import JSON

/// `@defer` (graphql-js 17's definition): a fragment whose fields may come
/// after the rest of the answer. Not a specified directive; a schema that
/// serves incremental delivery lists it.
package enum IncrementalDirectives {
    package static let `defer` = DirectiveDefinition(
        name: "defer",
        description: "Directs the executor to defer this fragment when the `if` argument is true or undefined.",
        locations: [.fragmentSpread, .inlineFragment],
        arguments: [
            InputValueDefinition(name: "if", description: "Deferred when true or undefined.", type: .nonNull(.named("Boolean")), defaultValue: .bool(true)),
            InputValueDefinition(name: "label", description: "Unique name", type: .named("String")),
        ])
}

/// A deferred field as the executor wrote it: in place, inside its object's
/// braces (with its leading comma unless it came `first`), at `path`.
struct DeferredField {
    let usage: DeferUsage
    /// The object's path (the field's parent).
    let path: [PathComponent]
    /// Where its `"key":value` (or `,"key":value`) lies in the executor's buffer.
    let start: Int
    let end: Int
    /// Written without a leading comma: the object's first member.
    let first: Bool
}

/// An answer in the parts of incremental delivery, each a JSON object.
package struct IncrementalPayloads: Sendable {
    /// The answer without the deferred fields, with its errors, and `"hasNext":true`.
    package var initial: [UInt8]
    /// `{"incremental":[…],"hasNext":false}`: each entry one deferred
    /// fragment's fields at one object, with the object's `path` and the `label`.
    package var subsequent: [UInt8]
}

/// Incremental delivery in the 2022-08-24 format that Apollo's clients
/// implement, cut from the one execution's bytes: which fields are deferred
/// was decided by field collection (`FieldCollector`, `FieldPlan.deferral`),
/// and the executor recorded where each went (`Executor.deferredFields`).
///
/// Each field of the answer appears exactly once, in the initial payload or
/// in one deferred entry, so the parts together cost the plain answer's bytes
/// plus their framing (paths, labels): merging them gives exactly the plain
/// answer. Errors travel in the initial payload. A `@defer` inside a deferred
/// fragment comes with it.
package enum IncrementalDelivery {
    /// The payloads of the executor's `{"data":…}` `body`, its data starting
    /// at `dataStart`; nil when nothing was deferred.
    static func payloads(of body: [UInt8], dataStart: Int, deferred: [DeferredField], errors: [GraphQLError]) -> IncrementalPayloads? {
        guard !deferred.isEmpty, dataStart <= body.count - 1 else { return nil }
        let dataEnd = body.count - 1  // the closing `}` of the response object
        var initial: [UInt8] = Array(body[..<dataStart])
        initial.reserveCapacity(body.count)
        var cursor = dataStart
        // After a removed first member, the next kept member's comma goes too.
        var dropComma = false
        for field in deferred where field.start >= cursor && field.end <= dataEnd {
            append(body[cursor..<field.start], to: &initial, dropComma: &dropComma)
            if field.first { dropComma = true }
            cursor = field.end
        }
        append(body[cursor..<dataEnd], to: &initial, dropComma: &dropComma)
        initial += Array(",\"hasNext\":true}".utf8)

        // Entries by (object, usage), in the order first met: found by a
        // dictionary, as a document may defer a field on each of 10,000 objects.
        var order: [(path: [PathComponent], usage: DeferUsage)] = []
        var members: [[ArraySlice<UInt8>]] = []
        var entryIndex: [EntryKey: Int] = [:]
        for field in deferred {
            let bytes = field.first ? body[field.start..<field.end] : body[(field.start + 1)..<field.end]
            let key = EntryKey(path: field.path, fragment: field.usage.offset)
            if let index = entryIndex[key] {
                members[index].append(bytes)
            } else {
                entryIndex[key] = order.count
                order.append((field.path, field.usage))
                members.append([bytes])
            }
        }
        var subsequent = Array("{\"incremental\":[".utf8)
        for (index, entry) in order.enumerated() {
            if index > 0 { subsequent.append(UInt8(ascii: ",")) }
            subsequent += Array("{\"data\":{".utf8)
            for (position, member) in members[index].enumerated() {
                if position > 0 { subsequent.append(UInt8(ascii: ",")) }
                subsequent += member
            }
            subsequent += Array("},\"path\":[".utf8)
            for (position, component) in entry.path.enumerated() {
                if position > 0 { subsequent.append(UInt8(ascii: ",")) }
                switch component {
                case .key(let key): JSONWriter.writeString(key, into: &subsequent)
                case .index(let offset): subsequent += Array(String(offset).utf8)
                }
            }
            subsequent.append(UInt8(ascii: "]"))
            if let label = entry.usage.label {
                subsequent += Array(",\"label\":".utf8)
                JSONWriter.writeString(label, into: &subsequent)
            }
            subsequent.append(UInt8(ascii: "}"))
        }
        subsequent += Array("],\"hasNext\":false}".utf8)
        return IncrementalPayloads(initial: ExecutionResponse.executed(initial, errors: errors).body, subsequent: subsequent)
    }

    /// A deferred entry: one object (by path), one deferred fragment (by its place in the document).
    private struct EntryKey: Hashable {
        let path: [PathComponent]
        let fragment: Int
    }

    private static func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8], dropComma: inout Bool) {
        guard let first = bytes.first else { return }
        if dropComma, first == UInt8(ascii: ",") {
            output += bytes.dropFirst()
        } else {
            output += bytes
        }
        dropComma = false
    }
}
