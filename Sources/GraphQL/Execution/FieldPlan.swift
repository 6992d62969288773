import JSON
import Synchronization

/// One response key of a grouped field set (spec §6.3.2 CollectFields) with
/// everything the executor would otherwise look up for every object it
/// completes: the field definition, the return type, the encoded key.
///
/// Plans are immutable once built and shared by every request that runs the
/// same operation with the same `@skip`/`@include` variable values (see
/// `OperationPlanCache`). Because this engine has no abstract types, a
/// field's sub-plan is the same for every object it completes; it is built on
/// first use (graphql-js memoizes `collectSubfields` alike) and kept.
final class FieldPlan: @unchecked Sendable {
    // @unchecked: the key bytes are written once in `init`, only read after.
    let responseKey: String
    /// `"key":`, ready to append; owned by the plan.
    let encodedKey: UnsafeRawBufferPointer
    /// `,"key":`, the same bytes after a comma.
    let separatedKey: UnsafeRawBufferPointer
    let nodes: [Field]
    let definition: FieldDefinition
    let parentType: ObjectType
    /// Nesting after fragment expansion: 1 for a root field, its parent's + 1
    /// below. Fixed when the plan is built, so the executor's depth bound
    /// costs nothing per executed field.
    let depth: Int
    /// The named type of `definition.type`; nil only for a schema that
    /// references an unknown type (a programmer error, reported as a field error).
    let namedType: NamedType?
    /// Coerced once when no argument involves a variable; nil otherwise
    /// (then coerced on every execution).
    let staticArguments: Result<JSONObject, GraphQLError>?
    /// `definition.resolveSource`, read without copying the definition.
    let resolveSource: SourceFieldResolver?
    /// `definition.resolveNode`.
    let resolveNode: NodeFieldResolver?
    /// `definition.resolveNodeWithArguments`.
    let resolveNodeWithArguments: NodeArgumentsFieldResolver?
    let shape: CompletionShape
    /// The named type when it is an object; the value names when it is an enum.
    let objectType: ObjectType?
    let enumValueNames: [String]
    /// The sub-plan, a retained `SubfieldPlans`: set once, then read
    /// lock-free by every object this field completes. (Not
    /// `AtomicLazyReference`, whose `load` is not inlined here and looks up
    /// its generic metadata on every call.)
    private let subfieldCache = Atomic<UnsafeRawPointer?>(nil)
    /// Unique for the process's life: names this plan in `FragmentCache`
    /// keys without keeping it (or its document) alive.
    let serial: UInt64
    private static let serials = Atomic<UInt64>(0)
    /// The deferred fragment every node of this field came through; nil when
    /// any came another way. Read only by an incremental execution.
    let deferral: DeferUsage?

    init(
        responseKey: String, nodes: [Field], definition: FieldDefinition, parentType: ObjectType,
        namedType: NamedType?, depth: Int, schema: Schema, deferral: DeferUsage? = nil
    ) {
        self.responseKey = responseKey
        self.deferral = deferral
        self.serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
        var encoded: [UInt8] = [UInt8(ascii: ",")]
        JSONWriter.writeString(responseKey, into: &encoded)
        encoded.append(UInt8(ascii: ":"))
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: encoded.count, alignment: 1)
        storage.copyBytes(from: encoded)
        self.separatedKey = UnsafeRawBufferPointer(storage)
        self.encodedKey = UnsafeRawBufferPointer(rebasing: self.separatedKey.dropFirst())
        self.nodes = nodes
        self.definition = definition
        self.parentType = parentType
        self.depth = depth
        self.namedType = namedType
        self.resolveSource = definition.resolveSource
        self.resolveNode = definition.resolveNode
        self.resolveNodeWithArguments = definition.resolveNodeWithArguments
        self.shape = CompletionShape(definition.type, namedType: namedType)
        if case .object(let objectType) = namedType { self.objectType = objectType } else { self.objectType = nil }
        if case .enumeration(let enumeration) = namedType {
            enumValueNames = enumeration.values.map(\.name)
        } else {
            enumValueNames = []
        }
        let arguments = nodes[0].arguments
        if definition.arguments.isEmpty {
            staticArguments = .success(JSONObject())
        } else if arguments.contains(where: { $0.value.containsVariable }) {
            staticArguments = nil
        } else {
            do {
                staticArguments = .success(try coerceArgumentValues(
                    definitions: definition.arguments, arguments: arguments, nodeLocation: nodes[0].loc,
                    schema: schema, variables: JSONObject()))
            } catch {
                staticArguments = .failure(error)
            }
        }
    }

    deinit {
        separatedKey.deallocate()
        if let cached = subfieldCache.load(ordering: .acquiring) {
            Unmanaged<SubfieldPlans>.fromOpaque(cached).release()
        }
    }

    var locations: [SourceLocation] { nodes.map(\.loc) }

    /// The sub-selection's plan, collected by `build` the first time and
    /// kept while the document's plan budget allows.
    func subfields(
        budget: OperationPlanCache, _ build: () throws(GraphQLError) -> [FieldPlan]
    ) throws(GraphQLError) -> SubfieldPlans {
        if let cached = subfieldCache.load(ordering: .acquiring) {
            return Unmanaged<SubfieldPlans>.fromOpaque(cached).takeUnretainedValue()
        }
        let built = SubfieldPlans(try build(), keyed: objectType?.fragmentKey != nil)
        // Racing first requests each build; one copy is kept and one is paid for.
        if budget.reserve(plans: built.plans.count) {
            let offered = Unmanaged.passRetained(built)
            let (stored, _) = subfieldCache.compareExchange(
                expected: nil, desired: UnsafeRawPointer(offered.toOpaque()), ordering: .acquiringAndReleasing)
            if !stored {
                offered.release()
                budget.refund(plans: built.plans.count)
            }
        }
        return built
    }
}

/// A field's sub-plan as one reference, so that it can be published atomically.
final class SubfieldPlans: Sendable {
    let plans: [FieldPlan]
    /// The fields they select, for a keyed type's `FragmentKeyFunction`;
    /// nil for a type without one.
    let selection: FragmentSelection?
    /// The selection's id in `FragmentCache` (`Executor.fragmentSelectionID`):
    /// 0 until computed.
    let fragmentSelectionID = Atomic<UInt64>(0)

    init(_ plans: [FieldPlan], keyed: Bool) {
        self.plans = plans
        selection = keyed ? FragmentSelection(fieldNames: Set(plans.map(\.definition.name))) : nil
    }
}

extension Value {
    var containsVariable: Bool {
        switch self {
        case .variable: true
        case .int, .float, .string, .boolean, .null, .enumValue: false
        case .list(let items, _): items.contains { $0.containsVariable }
        case .object(let fields, _): fields.contains { $0.value.containsVariable }
        }
    }
}

/// One applying `@defer` on a fragment, as field collection met it: its
/// fields' answer comes after the rest (`IncrementalDelivery`). Compared by
/// the fragment's place in the document: two uses of one fragment at one
/// object are one usage.
final class DeferUsage: Sendable, Equatable {
    let label: String?
    /// The fragment's offset in the document.
    let offset: Int

    init(label: String?, offset: Int) {
        self.label = label
        self.offset = offset
    }

    /// One fragment has one label (its argument, with the execution's variables).
    static func == (lhs: DeferUsage, rhs: DeferUsage) -> Bool {
        lhs.offset == rhs.offset
    }
}
