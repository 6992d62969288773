import Dispatch

/// What a handler gives back for a request (`HTTPHandler.answer(_:)`): a
/// response now, or a response that waits for work finishing on another
/// thread without using a core (a write's fsync).
package enum HTTPAnswer: Sendable {
    case response(HTTPResponse)
    /// The server waits for `whenReady` on the handler's thread for up to
    /// `HTTPLimits.deferredWaitInPlace` (its lane lent to a spare thread) and
    /// runs `finish` there; past that it frees the thread, and once `whenReady`
    /// calls back runs `finish` on its handler pool, ahead of the requests
    /// waiting there (`HandlerExecution.pooledAhead`). `finish` may defer again.
    case deferred(whenReady: @Sendable (_ ready: @escaping @Sendable () -> Void) -> Void, finish: @Sendable () -> HTTPAnswer)

    /// The same answer with `transform` applied to its response, now or once
    /// it is made: for handlers that wrap another and edit what it answers.
    package func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPAnswer {
        switch self {
        case .response(let response):
            .response(transform(response))
        case .deferred(let whenReady, let finish):
            .deferred(whenReady: whenReady, finish: { finish().map(transform) })
        }
    }

    /// The response, waiting on the calling thread for whatever it defers to:
    /// for callers that have a thread to spare (tests, tools).
    package func waitForResponse() -> HTTPResponse {
        var answer = self
        while true {
            switch answer {
            case .response(let response):
                return response
            case .deferred(let whenReady, let finish):
                let ready = DispatchSemaphore(value: 0)
                whenReady { ready.signal() }
                ready.wait()
                answer = finish()
            }
        }
    }
}
