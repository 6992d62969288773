import HTTP1
import Synchronization

/// Responses counted by status class, for the internal page. Relaxed atomics:
/// the numbers are for people, no other memory depends on them, and two
/// increments per request cost nothing measurable (never per field).
package final class RequestCounters: Sendable {
    package let total = Atomic<Int>(0)
    /// Answered from the response cache.
    package let fromCache = Atomic<Int>(0)
    // One per status class (Atomic is not copyable, so no array).
    private let informational = Atomic<Int>(0)
    private let successful = Atomic<Int>(0)
    private let redirected = Atomic<Int>(0)
    private let clientErrors = Atomic<Int>(0)
    private let serverErrors = Atomic<Int>(0)

    package init() {}

    func record(_ response: HTTPResponse) {
        total.add(1, ordering: .relaxed)
        if response.isFromCache { fromCache.add(1, ordering: .relaxed) }
        switch response.status.code / 100 {
        case ...1: informational.add(1, ordering: .relaxed)
        case 2: successful.add(1, ordering: .relaxed)
        case 3: redirected.add(1, ordering: .relaxed)
        case 4: clientErrors.add(1, ordering: .relaxed)
        default: serverErrors.add(1, ordering: .relaxed)
        }
    }

    /// Responses with status `class`xx (1 to 5).
    package func count(statusClass: Int) -> Int {
        switch statusClass {
        case ...1: informational.load(ordering: .relaxed)
        case 2: successful.load(ordering: .relaxed)
        case 3: redirected.load(ordering: .relaxed)
        case 4: clientErrors.load(ordering: .relaxed)
        default: serverErrors.load(ordering: .relaxed)
        }
    }
}

/// Counts every response of `next`, handled or cached (the transport's own
/// refusals, such as `408` or `431`, never reach a handler and are not counted).
package struct CountingHandler: HTTPHandler {
    private let next: any HTTPHandler
    private let counters: RequestCounters

    package init(next: any HTTPHandler, counters: RequestCounters) {
        self.next = next
        self.counters = counters
    }

    package func execution(for request: HTTPRequest) -> HandlerExecution { next.execution(for: request) }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? {
        guard let response = next.cachedResponse(to: request) else { return nil }
        counters.record(response)
        return response
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let response = next.handle(request)
        counters.record(response)
        return response
    }
}
