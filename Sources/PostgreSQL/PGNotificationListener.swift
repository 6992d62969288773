#if canImport(Glibc)
import Glibc
#endif
import CPostgreSQL
import Dispatch
import Locking

/// A dedicated connection that `LISTEN`s on one channel, on a thread of its
/// own: it waits in `poll` on `PQsocket`, reads with `PQconsumeInput` and
/// hands each `PQnotifies` payload to `onNotification` as it arrives (no
/// queue of ours: the server queues until we read).
///
/// Liveness: every `heartbeatIntervalMilliseconds` it sends `SELECT 1`; if
/// the answer has not come within `heartbeatTimeoutMilliseconds`, or the
/// connection fails, it calls `onLost`, reconnects (retrying every
/// `reconnectDelayMilliseconds`) and, once listening again, calls
/// `onListening`. Notifications of commits before the heartbeat's answer are
/// delivered before it, so while the listener is up nothing is missed for
/// longer than interval + timeout.
package final class PGNotificationListener: Sendable {
    package struct Timing: Sendable {
        /// Default 1000 ms.
        package var heartbeatIntervalMilliseconds: Int
        /// Default 2000 ms.
        package var heartbeatTimeoutMilliseconds: Int
        /// Default 500 ms.
        package var reconnectDelayMilliseconds: Int

        package init(heartbeatIntervalMilliseconds: Int = 1000, heartbeatTimeoutMilliseconds: Int = 2000, reconnectDelayMilliseconds: Int = 500) {
            self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
            self.heartbeatTimeoutMilliseconds = heartbeatTimeoutMilliseconds
            self.reconnectDelayMilliseconds = reconnectDelayMilliseconds
        }
    }

    package struct Handlers: Sendable {
        /// A notification's payload.
        package var onNotification: @Sendable (String) -> Void
        /// Notifications may be missed from now on (also called once at start, before the first connect).
        package var onLost: @Sendable () -> Void
        /// Listening again: nothing committed from now on will be missed.
        package var onListening: @Sendable () -> Void

        package init(onNotification: @escaping @Sendable (String) -> Void, onLost: @escaping @Sendable () -> Void, onListening: @escaping @Sendable () -> Void) {
            self.onNotification = onNotification
            self.onLost = onLost
            self.onListening = onListening
        }
    }

    private let uri: String
    private let channel: String
    private let settings: PGConnectionSettings
    private let timing: Timing
    private let handlers: Handlers
    private let state = Locked<(stopped: Bool, listening: Bool)>((false, false))
    private let finished = DispatchSemaphore(value: 0)

    /// `channel` must be an identifier (it is our constant, never input).
    package init(uri: String, channel: String, settings: PGConnectionSettings, timing: Timing = Timing(), handlers: Handlers) {
        precondition(!channel.isEmpty && channel.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "a channel is an identifier")
        self.uri = uri
        self.channel = channel
        self.settings = settings
        self.timing = timing
        self.handlers = handlers
    }

    /// Starts the listening thread (a detached pthread: no Foundation for one thread).
    package func start() {
        handlers.onLost()
        let body = Unmanaged.passRetained(ThreadBody { [self] in run() }).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, body)
        guard created == 0 else {
            // No thread, so no listening: the cache stays bypassed (onLost above), which is correct, only slower.
            Unmanaged<ThreadBody>.fromOpaque(body).release()
            state.withLock { $0.stopped = true }
            finished.signal()
            return
        }
        pthread_detach(thread)
    }

    /// Whether the connection is up and listening now.
    package var isListening: Bool { state.withLock { $0.listening } }

    /// Stops the thread (within one poll interval) and waits for it.
    package func stop() {
        let wasRunning = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if wasRunning { finished.wait() }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func run() {
        defer { finished.signal() }
        while !isStopped {
            if let conn = try? PGConnection.connect(uri: uri, settings: settings) {
                listen(on: conn)
                cpq_PQfinish(conn)
            }
            if isStopped { return }
            let wasListening = state.withLock { state in
                defer { state.listening = false }
                return state.listening
            }
            if wasListening { handlers.onLost() }
            usleep(useconds_t(timing.reconnectDelayMilliseconds * 1000))
        }
    }

    /// Listens until the connection fails, a heartbeat goes unanswered, or `stop()`.
    private func listen(on conn: OpaquePointer) {
        guard let result = cpq_PQexec(conn, "LISTEN \(channel)") else { return }
        let listening = cpq_PQresultStatus(result) == PGRES_COMMAND_OK
        cpq_PQclear(result)
        guard listening else { return }
        state.withLock { $0.listening = true }
        handlers.onListening()

        let socket = cpq_PQsocket(conn)
        var lastHeartbeat = Self.now()
        var heartbeatSentAt: UInt64?
        // Poll in short slices so that `stop()` and the heartbeat deadlines are seen promptly.
        let slice = Int32(min(100, timing.heartbeatIntervalMilliseconds))
        while !isStopped {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, slice)
            if ready < 0 && errno != EINTR { return }
            if ready > 0 {
                guard cpq_PQconsumeInput(conn) == 1 else { return }
                // Answers to the heartbeat: read them all so the connection is idle again.
                while cpq_PQisBusy(conn) == 0, let answer = cpq_PQgetResult(conn) {
                    cpq_PQclear(answer)
                    heartbeatSentAt = nil
                }
                while let notification = cpq_PQnotifies(conn) {
                    let payload = String(cString: notification.pointee.extra)
                    cpq_PQfreemem(notification)
                    handlers.onNotification(payload)
                }
            }
            let now = Self.now()
            if let sent = heartbeatSentAt {
                if now - sent > UInt64(timing.heartbeatTimeoutMilliseconds) { return }
            } else if now - lastHeartbeat >= UInt64(timing.heartbeatIntervalMilliseconds) {
                guard cpq_PQsendQuery(conn, "SELECT 1") == 1 else { return }
                heartbeatSentAt = now
                lastHeartbeat = now
            }
            if cpq_PQstatus(conn) != CONNECTION_OK { return }
        }
    }

    /// Monotonic milliseconds.
    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds / 1_000_000
    }
}

/// The closure a listening thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
