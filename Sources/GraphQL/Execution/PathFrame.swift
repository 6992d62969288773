/// One step of the response path: a field (its plan, kept alive by the
/// plan cache for the whole execution) or a list index.
struct PathFrame: BitwiseCopyable {
    private let plan: UnsafeRawPointer?
    private let index: Int

    @inline(__always)
    init(_ plan: FieldPlan) {
        self.plan = UnsafeRawPointer(Unmanaged.passUnretained(plan).toOpaque())
        self.index = 0
    }

    @inline(__always)
    init(index: Int) {
        self.plan = nil
        self.index = index
    }

    var component: PathComponent {
        guard let plan else { return .index(index) }
        return .key(Unmanaged<FieldPlan>.fromOpaque(plan).takeUnretainedValue().responseKey)
    }
}

/// The source of an object's fields. Both cases hold one class reference,
/// so copying a source is a retain, never a call through `Any`'s witnesses.
enum ObjectSource {
    /// Any other source (`Resolved.object`, the root value), boxed.
    case value(ValueSource)
    case node(AnyObject)
}

/// A source that is not a class instance, boxed once per object.
final class ValueSource {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

extension Resolved {
    var isNull: Bool {
        switch self {
        case .null, .leaf(.null): true
        default: false
        }
    }
}
