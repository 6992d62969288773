import Dispatch
import GraphQL
import JSON
import Locking
import Testing

/// A mutation's root field that answers `Resolved.pending` (a like waiting
/// for its commit): `start` hands the execution back suspended, holding no
/// thread, and `resume` finishes it with the same bytes `execute` writes.
struct SuspendedExecutionTests {
    /// Work finishing on another thread, opened by the test.
    final class Gate: Sendable {
        private let state = Locked<(open: Bool, callbacks: [@Sendable () -> Void])>((false, []))

        var isOpen: Bool { state.withLock { $0.open } }

        func open() {
            let callbacks = state.withLock { state -> [@Sendable () -> Void] in
                state.open = true
                defer { state.callbacks = [] }
                return state.callbacks
            }
            for callback in callbacks { callback() }
        }

        func whenOpen(_ body: @escaping @Sendable () -> Void) {
            let now = state.withLock { state -> Bool in
                if state.open { return true }
                state.callbacks.append(body)
                return false
            }
            if now { body() }
        }

        func wait() {
            let done = DispatchSemaphore(value: 0)
            whenOpen { done.signal() }
            done.wait()
        }
    }

    /// What the mutations did, in order, and the gates they wait on.
    final class Context: Sendable {
        let log = Locked<[String]>([])
        let gates = Locked<[Gate]>([])
        let counter = Locked(0)
        let openGates: Bool
        /// Each gate is opened from another thread as soon as it exists.
        let openElsewhere: Bool

        init(openGates: Bool = false, openElsewhere: Bool = false) {
            self.openGates = openGates
            self.openElsewhere = openElsewhere
        }

        func record(_ entry: String) { log.withLock { $0.append(entry) } }
        var entries: [String] { log.withLock { $0 } }
        func gate(_ index: Int) -> Gate? { gates.withLock { index < $0.count ? $0[index] : nil } }
    }

    struct Refused: Error {}

    /// `add` starts its change at once and shows the counter once its gate is open.
    static func pending(_ context: Context, by step: Int, fails: Bool) -> Resolved {
        context.record("start \(step)")
        context.counter.withLock { $0 += step }
        let gate = Gate()
        if context.openGates { gate.open() }
        if context.openElsewhere { DispatchQueue(label: "opener").async { gate.open() } }
        context.gates.withLock { $0.append(gate) }
        return .pending(
            PendingResolution(
                isReady: { gate.isOpen }, whenReady: { gate.whenOpen($0) }, wait: { gate.wait() },
                resolve: {
                    context.record("resolve \(step)")
                    if fails { throw GraphQLError("refused \(step)", code: .badUserInput) }
                    return .object(context.counter.withLock { $0 })
                }))
    }

    static let counterType = ObjectType(name: "Counter", fields: [
        FieldDefinition(name: "value", type: .nonNull(.named("Int"))) { source, _, _ in .leaf(.int(source as? Int ?? -1)) },
        FieldDefinition(name: "doubled", type: .nonNull(.named("Int"))) { source, _, _ in .leaf(.int(2 * (source as? Int ?? -1))) },
    ])

    static let schema = Schema(
        query: ObjectType(name: "Query", fields: [FieldDefinition(name: "ok", type: .named("Boolean")) { _, _, _ in .leaf(.bool(true)) }]),
        mutation: ObjectType(name: "Mutation", fields: [
            FieldDefinition(
                name: "add", arguments: [InputValueDefinition(name: "by", type: .nonNull(.named("Int")))],
                type: .nonNull(.named("Counter"))
            ) { _, arguments, info in
                guard let context = info.context as? Context, case .int(let step) = arguments["by"] else { throw Refused() }
                return pending(context, by: step, fails: false)
            },
            FieldDefinition(
                name: "maybe", arguments: [InputValueDefinition(name: "by", type: .nonNull(.named("Int")))],
                type: .named("Counter")
            ) { _, arguments, info in
                guard let context = info.context as? Context, case .int(let step) = arguments["by"] else { throw Refused() }
                return pending(context, by: step, fails: true)
            },
        ]),
        types: [.object(counterType)])

    let engine = GraphQLEngine(schema: schema)

    func document(_ text: String) throws -> PreparedDocument { try engine.prepare(text).get() }

    /// `execute` with every gate open: what the suspended run must match.
    func expected(_ text: String) throws -> String {
        let response = engine.execute(try document(text), operationName: nil, variables: nil, context: Context(openGates: true))
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func aPendingRootFieldSuspendsAndTheNextStartsOnlyAfterItCompletes() throws {
        let text = "mutation { a: add(by: 2) { value } b: add(by: 3) { value doubled } }"
        let context = Context()
        guard case .suspended(let first) = engine.start(try document(text), operationName: nil, variables: nil, context: context) else {
            Issue.record("not suspended")
            return
        }
        // Serial (spec §6.2.2): the second field has not started.
        #expect(context.entries == ["start 2"])
        let called = Locked(0)
        first.whenReady { called.withLock { $0 += 1 } }
        #expect(called.withLock { $0 } == 0)
        context.gate(0)?.open()
        #expect(called.withLock { $0 } == 1)

        guard case .suspended(let second) = first.resume() else {
            Issue.record("the second field did not suspend")
            return
        }
        #expect(context.entries == ["start 2", "resolve 2", "start 3"])
        context.gate(1)?.open()
        guard case .finished(let response) = second.resume() else {
            Issue.record("not finished")
            return
        }
        #expect(context.entries == ["start 2", "resolve 2", "start 3", "resolve 3"])
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body == #"{"data":{"a":{"value":2},"b":{"value":5,"doubled":10}}}"#)
        #expect(body == (try expected(text)))
    }

    @Test func aPendingValueThatFailsIsTheFieldsErrorAsWhenExecutedInPlace() throws {
        for text in ["mutation { maybe(by: 1) { value } a: add(by: 2) { value } }", "mutation { a: add(by: 2) { value } maybe(by: 1) { value } }"] {
            let context = Context()
            var progress = engine.start(try document(text), operationName: nil, variables: nil, context: context)
            var opened = 0
            while case .suspended(let execution) = progress {
                context.gate(opened)?.open()
                opened += 1
                progress = execution.resume()
            }
            guard case .finished(let response) = progress else { return }
            #expect(opened == 2)
            #expect(response.errors.map(\.path) == [[.key("maybe")]])
            #expect(String(decoding: response.body, as: UTF8.self) == (try expected(text)))
        }
    }

    @Test func aValueAlreadyReadyIsResolvedWithoutSuspending() throws {
        let context = Context(openGates: true)
        let progress = engine.start(try document("mutation { add(by: 4) { value } }"), operationName: nil, variables: nil, context: context)
        guard case .finished(let response) = progress else {
            Issue.record("suspended on a ready value")
            return
        }
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"data":{"add":{"value":4}}}"#)
    }

    @Test func executeWaitsForThePendingValueOnItsOwnThread() throws {
        let context = Context(openElsewhere: true)
        let text = "mutation { add(by: 7) { doubled } }"
        let response = engine.execute(try document(text), operationName: nil, variables: nil, context: context)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"data":{"add":{"doubled":14}}}"#)
    }
}
