#if canImport(Glibc)
import Glibc
#endif
import CPostgreSQL
import Dispatch
import Locking

/// A dedicated connection that `LISTEN`s on its channels, on a thread of its
/// own, and that is also the database's monitor: it waits in `poll` on
/// `PQsocket`, reads with `PQconsumeInput` and hands each `PQnotifies`
/// payload to `onNotification` as it arrives (no queue of ours: the server
/// queues until we read).
///
/// Every `heartbeatIntervalMilliseconds` it sends `SELECT 1`. The server
/// sends the notifications of every commit before the heartbeat reached it
/// ahead of the answer, so an answered heartbeat confirms that nothing
/// committed before it was sent is missed. Listening counts (`onListening`)
/// only while the last confirmation is younger than the window
/// (`windowMilliseconds` less a poll slice): past it `onLost` is called,
/// the caches stop serving, and the next answer calls `onListening` again.
/// So whatever the network does, what the caches serve is never older than
/// the window.
///
/// Reachability (`PGReachability`) is decided here alone: a heartbeat
/// unanswered for `heartbeatTimeoutMilliseconds`, or a connect that fails
/// (each bounded by that timeout too), makes the database unreachable; it
/// reconnects every `reconnectDelayMilliseconds`, and every answered
/// heartbeat (`LISTEN` the first) makes it reachable, so a database that
/// was only slow is reachable again at its next answer.
///
/// With `Handlers.heartbeat`, each heartbeat is that query (the primary's
/// WAL position, for reads from standbys) and its answer is handed on.
package final class PGNotificationListener: Sendable {
    package struct Timing: Sendable {
        /// Default 250 ms.
        package var heartbeatIntervalMilliseconds: Int
        /// Default 2000 ms.
        package var heartbeatTimeoutMilliseconds: Int
        /// Default 250 ms.
        package var reconnectDelayMilliseconds: Int
        /// The staleness window: how old the last confirmation may be while
        /// the caches serve. Default 1000 ms (docs/storage.md).
        package var windowMilliseconds: Int

        package init(
            heartbeatIntervalMilliseconds: Int = 250, heartbeatTimeoutMilliseconds: Int = 2000,
            reconnectDelayMilliseconds: Int = 250, windowMilliseconds: Int = 1000
        ) {
            self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
            self.heartbeatTimeoutMilliseconds = heartbeatTimeoutMilliseconds
            self.reconnectDelayMilliseconds = reconnectDelayMilliseconds
            self.windowMilliseconds = windowMilliseconds
        }
    }

    package struct Handlers: Sendable {
        /// A notification's channel and payload.
        package var onNotification: @Sendable (_ channel: String, _ payload: String) -> Void
        /// Notifications may be missed from now on (also called once at start, before the first connect).
        package var onLost: @Sendable () -> Void
        /// Confirmed listening again: nothing committed from now on will be missed.
        package var onListening: @Sendable () -> Void
        /// What each heartbeat asks instead of `SELECT 1`; nil: `SELECT 1`.
        package var heartbeat: Heartbeat?
        /// A statement sent in the query that `LISTEN`s, so in its
        /// transaction: a `pg_notify` there is heard on every connection
        /// (this one too) after whatever committed before it.
        package var withListen: String?

        package init(
            onNotification: @escaping @Sendable (_ channel: String, _ payload: String) -> Void, onLost: @escaping @Sendable () -> Void,
            onListening: @escaping @Sendable () -> Void, heartbeat: Heartbeat? = nil, withListen: String? = nil
        ) {
            self.onNotification = onNotification
            self.onLost = onLost
            self.onListening = onListening
            self.heartbeat = heartbeat
            self.withListen = withListen
        }

        /// For a monitor whose notifications nobody needs (no cache).
        package static let none = Handlers(onNotification: { _, _ in }, onLost: {}, onListening: {})
    }

    /// A heartbeat that asks something: `query` (one row, one column) is
    /// sent as each heartbeat, `onSent` called just before it is sent, and
    /// `onAnswered` with its value when it is answered. The server answers
    /// after delivering the notifications of every commit made before the
    /// query ran, so the answer covers whatever was heard before `onSent`.
    package struct Heartbeat: Sendable {
        package var query: String
        package var onSent: @Sendable () -> Void
        package var onAnswered: @Sendable (String) -> Void

        package init(query: String, onSent: @escaping @Sendable () -> Void, onAnswered: @escaping @Sendable (String) -> Void) {
            self.query = query
            self.onSent = onSent
            self.onAnswered = onAnswered
        }
    }

    private let uri: String
    private let channels: [String]
    private let settings: PGConnectionSettings
    private let timing: Timing
    private let handlers: Handlers
    private let reachability: PGReachability
    private let state = Locked<(stopped: Bool, listening: Bool)>((false, false))
    private let finished = DispatchSemaphore(value: 0)

    /// How often the thread wakes to check deadlines and `stop()`.
    private static let slice: UInt64 = 50

    /// Each of `channels` must be an identifier (they are our constants, never input).
    package init(
        uri: String, channels: [String], settings: PGConnectionSettings, timing: Timing = Timing(),
        reachability: PGReachability = PGReachability(), handlers: Handlers
    ) {
        precondition(
            !channels.isEmpty && channels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } },
            "a channel is an identifier")
        self.uri = uri
        self.channels = channels
        self.settings = settings
        self.timing = timing
        self.reachability = reachability
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

    /// Whether listening is confirmed within the window now.
    package var isListening: Bool { state.withLock { $0.listening } }

    /// Stops the thread (within one poll slice) and waits for it.
    package func stop() {
        let wasRunning = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if wasRunning { finished.wait() }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Why a connection stopped listening.
    private enum Ending {
        case stopped
        /// The connection failed; reconnecting tells whether the database is reachable.
        case failed
        /// No answer in time, or no connection: the database is unreachable.
        case unreachable(String)
    }

    private func run() {
        defer { finished.signal() }
        while !isStopped {
            let ending: Ending
            let timeout = Duration.milliseconds(timing.heartbeatTimeoutMilliseconds)
            do {
                let conn = try PGConnection.connect(uri: uri, settings: settings, wait: PGWait(deadline: .now.advanced(by: timeout)))
                ending = listen(on: conn)
                cpq_PQfinish(conn)
            } catch {
                ending = .unreachable("connect failed: \(error.message)")
            }
            if case .unreachable(let reason) = ending { reachability.markUnreachable(reason) }
            setListening(false)
            if isStopped { return }
            var paused: UInt64 = 0
            while paused < UInt64(max(0, timing.reconnectDelayMilliseconds)), !isStopped {
                usleep(useconds_t(Self.slice * 1000))
                paused += Self.slice
            }
        }
    }

    /// Listens until the connection fails, a heartbeat goes unanswered, or
    /// `stop()`. `LISTEN` is the first heartbeat: its answer confirms listening.
    private func listen(on conn: OpaquePointer) -> Ending {
        // One query string, so one answer confirms every channel (and `withListen` shares its transaction).
        var statements = channels.map { "LISTEN \($0)" }
        if let withListen = handlers.withListen { statements.append(withListen) }
        let listen = statements.joined(separator: "; ")
        guard cpq_PQsendQuery(conn, listen) == 1, cpq_PQflush(conn) >= 0 else { return .failed }
        let socket = cpq_PQsocket(conn)
        let lease = Self.elapsed(Self.slice, UInt64(max(0, timing.windowMilliseconds)))
        var pendingSince: UInt64? = Self.now()
        var lastSent = Self.now()
        var confirmedAt: UInt64?
        while !isStopped {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(Self.slice))
            if ready < 0 && errno != EINTR { return .failed }
            if ready > 0 {
                guard cpq_PQconsumeInput(conn) == 1 else { return .failed }
                while cpq_PQisBusy(conn) == 0, let answer = cpq_PQgetResult(conn) {
                    let status = cpq_PQresultStatus(answer)
                    let value = status == PGRES_TUPLES_OK && cpq_PQntuples(answer) > 0 && cpq_PQgetisnull(answer, 0, 0) == 0
                        ? String(cString: cpq_PQgetvalue(answer, 0, 0)) : nil
                    cpq_PQclear(answer)
                    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else { return .failed }
                    if let sent = pendingSince {
                        // Every answer counts: a database that was only slow is reachable again here.
                        reachability.markReachable()
                        if let value { handlers.heartbeat?.onAnswered(value) }
                        confirmedAt = sent
                        pendingSince = nil
                    }
                }
                while let notification = cpq_PQnotifies(conn) {
                    let payload = String(cString: notification.pointee.extra)
                    let channel = String(cString: notification.pointee.relname)
                    cpq_PQfreemem(notification)
                    handlers.onNotification(channel, payload)
                }
            }
            let now = Self.now()
            let confirmed = confirmedAt.map { Self.elapsed($0, now) <= lease } ?? false
            if confirmed != isListening {
                setListening(confirmed)
            }
            if let sent = pendingSince, Self.elapsed(sent, now) > UInt64(timing.heartbeatTimeoutMilliseconds) {
                return .unreachable("no answer to a heartbeat in \(timing.heartbeatTimeoutMilliseconds) ms")
            }
            if pendingSince == nil, Self.elapsed(lastSent, now) >= UInt64(timing.heartbeatIntervalMilliseconds) {
                handlers.heartbeat?.onSent()
                guard cpq_PQsendQuery(conn, handlers.heartbeat?.query ?? "SELECT 1") == 1, cpq_PQflush(conn) >= 0 else { return .failed }
                pendingSince = now
                lastSent = now
            }
            // Non-blocking: what a send left unwritten goes out here (0 once all is sent).
            if cpq_PQstatus(conn) != CONNECTION_OK || cpq_PQflush(conn) < 0 { return .failed }
        }
        return .stopped
    }

    /// Records whether listening is confirmed and tells the handlers of a change.
    private func setListening(_ listening: Bool) {
        let changed = state.withLock { state in
            defer { state.listening = listening }
            return state.listening != listening
        }
        guard changed else { return }
        if listening { handlers.onListening() } else { handlers.onLost() }
    }

    /// Monotonic milliseconds.
    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds / 1_000_000
    }

    /// Milliseconds from `earlier` to `now`, zero if `earlier` is later.
    private static func elapsed(_ earlier: UInt64, _ now: UInt64) -> UInt64 {
        now >= earlier ? now - earlier : 0
    }
}

/// The closure a listening thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
