import JSON
import Locking
import Synchronization

/// The collected root fields of a prepared document's operations, shared by
/// requests: CollectFields depends only on the document and on the values of
/// the variables that `@skip` / `@include` / `@defer` read, so those values are the key.
///
/// Bounded twice: at most `capacity` variable combinations, and at most
/// `byteBudget` estimated bytes of plans, root and nested alike (sub-plans are
/// cached in their parents as they are first executed, see
/// `FieldPlan.subfields`). Past the budget plans are built per request and
/// dropped: correct, only slower, and only for documents that fan out far.
final class OperationPlanCache: Sendable {
    private struct Key: Hashable {
        var operationOffset: Int
        var conditions: [JSONValue?]
    }

    /// Distinct `@skip`/`@include` variable combinations kept per document.
    static let capacity = 16

    /// Every variable an `@skip`, `@include` or `@defer` argument of the document reads.
    let conditionVariables: [String]
    /// The directives that decide what field collection collects, and how.
    static let conditionDirectives: Set<String> = ["skip", "include", "defer"]
    private let entries = Locked<[Key: [FieldPlan]]>([:])
    /// The size of the last response to this document: the next one's
    /// buffer is reserved at that size, so it grows without copying.
    let lastResponseSize = Atomic<Int>(0)
    /// Estimated bytes of plans this document may still cache.
    private let remainingBytes: Atomic<Int>
    /// A cached field plan's estimated size (measured: about 650 bytes).
    static let bytesPerPlan = 700

    init(document: Document, byteBudget: Int) {
        remainingBytes = Atomic(byteBudget)
        var names: [String] = []
        func visit(_ selectionSet: SelectionSet) {
            for selection in selectionSet.selections {
                for directive in selection.directives where Self.conditionDirectives.contains(directive.name.value) {
                    for argument in directive.arguments { collectVariables(argument.value, into: &names) }
                }
                switch selection {
                case .field(let field): if let nested = field.selectionSet { visit(nested) }
                case .inlineFragment(let fragment): visit(fragment.selectionSet)
                case .fragmentSpread: break
                }
            }
        }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): visit(operation.selectionSet)
            case .fragment(let fragment): visit(fragment.selectionSet)
            case .typeSystem: break
            }
        }
        conditionVariables = Array(Set(names)).sorted()
    }

    func rootPlan(
        for operation: OperationDefinition, variables: JSONObject,
        build: () throws(GraphQLError) -> [FieldPlan]
    ) throws(GraphQLError) -> [FieldPlan] {
        let key = Key(operationOffset: operation.loc.offset, conditions: conditionVariables.map { variables[$0] })
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let built = try build()
        entries.withLock { entries in
            if entries[key] == nil, entries.count < Self.capacity, reserve(plans: built.count) { entries[key] = built }
        }
        return built
    }

    /// Takes room for `plans` more cached plans from the budget; false (and
    /// nothing taken) when they do not fit.
    func reserve(plans: Int) -> Bool {
        let bytes = plans * Self.bytesPerPlan
        var remaining = remainingBytes.load(ordering: .relaxed)
        while remaining >= bytes {
            let (exchanged, original) = remainingBytes.compareExchange(
                expected: remaining, desired: remaining - bytes, ordering: .relaxed)
            if exchanged { return true }
            remaining = original
        }
        return false
    }

    /// Gives back what `reserve(plans:)` took, for plans that were not kept after all.
    func refund(plans: Int) {
        remainingBytes.add(plans * Self.bytesPerPlan, ordering: .relaxed)
    }
}

private func collectVariables(_ value: Value, into names: inout [String]) {
    switch value {
    case .variable(let name, _): names.append(name.value)
    case .list(let items, _): for item in items { collectVariables(item, into: &names) }
    case .object(let fields, _): for field in fields { collectVariables(field.value, into: &names) }
    case .int, .float, .string, .boolean, .null, .enumValue: break
    }
}
