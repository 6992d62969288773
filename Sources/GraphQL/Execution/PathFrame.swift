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

/// The source of an object's fields: a class instance stays a reference.
enum ObjectSource {
    case value(Any)
    case node(AnyObject)
}

extension Resolved {
    var isNull: Bool {
        switch self {
        case .null, .leaf(.null): true
        default: false
        }
    }
}
