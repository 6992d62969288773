/// Where `GraphQLEngine.start` leaves an execution: finished, or suspended
/// on a mutation's pending root field.
public enum ExecutionProgress {
    case finished(ExecutionResponse)
    case suspended(SuspendedExecution)
}

/// An execution waiting for a mutation's pending value (`PendingResolution`),
/// holding no thread. Call `whenReady`, then `resume()` once it has called
/// back; or `finish()` to wait on the calling thread.
///
/// `@unchecked Sendable`: the execution moves to the thread that resumes it,
/// and is used by one thread at a time. The hand-over is ordered by whatever
/// carries `whenReady`'s callback to that thread (a lock, a queue).
public final class SuspendedExecution: @unchecked Sendable {
    private var executor: Executor
    private let plans: OperationPlanCache

    init(_ executor: consuming Executor, plans: OperationPlanCache) {
        self.executor = executor
        self.plans = plans
    }

    /// Calls `body` once, on any thread, when the pending value is ready (at
    /// once if it is). Keep it short: it may run on a writer's thread.
    public func whenReady(_ body: @escaping @Sendable () -> Void) {
        guard let suspension = executor.suspension else { return body() }
        suspension.pending.whenReady(body)
    }

    /// Continues the execution on the calling thread: the pending field's
    /// value is resolved here (it may read the database), then the rest of
    /// the operation runs. Suspended again if a later root field is pending.
    public func resume() -> ExecutionProgress {
        guard let body = executor.resumeMutation() else { return .suspended(self) }
        return .finished(ExecutionResponse.finished(body, executor.errors, plans: plans))
    }

    /// Waits for each pending value on the calling thread, and finishes.
    public func finish() -> ExecutionResponse {
        while true {
            executor.suspension?.pending.wait()
            if case .finished(let response) = resume() { return response }
        }
    }
}
