import Dispatch

/// Whether `condition` holds within `timeout`, checked every 10 ms: how a test
/// waits for another thread or process without sleeping a guessed time.
package func eventually(within timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let pause = DispatchSemaphore(value: 0)
    while clock.now < deadline {
        if try condition() { return true }
        _ = pause.wait(timeout: .now() + .milliseconds(10))  // nobody signals it: a bounded pause between checks
    }
    return try condition()
}

/// As the blocking `eventually`, for a condition that awaits (a request to a
/// server under test); it suspends between checks instead of holding a thread.
package func eventually(within timeout: Duration = .seconds(5), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
