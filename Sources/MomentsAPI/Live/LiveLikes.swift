import Crypto
import Dispatch
import FoundationEssentials
import GraphQL
import HTTP1
import JSON
import Locking
import Moments
import Tracing

/// Live likes: the open `momentLikesChanged` streams, and the fan-out of
/// like changes to them.
///
/// Changes come from the store (`DataChangeObserver`): a like committed by
/// this instance (SQLite's writer, PostgreSQL's round trip), and on
/// PostgreSQL any instance's, through the `LISTEN` connection. Streams that
/// ask the same (viewer, document, variables) form a group, and each group's
/// result is executed once per change (the viewer's timeline from the read
/// cache, then the subscription's selection set on that moment) and pushed
/// to its streams (`SubscriptionStream`), which coalesce.
///
/// A like costs its audience, not every open stream: `AudienceIndex` knows
/// which groups' pages hold each moment (a group's page is read when it
/// opens, and again after another program changed the data), and
/// `FanOutQueue` runs one job per group at a time, at most
/// `Limits.maxConcurrentFanOut` at once, on the handler pool (`jobs`), each
/// read and execution bounded by the request timeout: a slow or failing read
/// ends that group's event for that like, not everyone's. A result equal to
/// the last one pushed for that moment (PostgreSQL reports a local like
/// twice: its write and its `NOTIFY`) is not pushed again: compared by the
/// SHA-256 of its bytes.
///
/// After a gap in hearing changes (PostgreSQL's `LISTEN` connection lost in
/// a failover or a partition: the notifications sent meanwhile are gone),
/// every moment of every group's page is due again, and those whose result
/// differs from the last pushed (or was never pushed) reach the streams. (A
/// baseline recorded when a page is first read could absorb a like that
/// committed before the read but was reported after it, and so suppress
/// its event: a read can see a commit before the change feed reports it.)
package final class LiveLikes: DataChangeObserver, Sendable {
    /// Every bound, named (docs/http.md, "Streams").
    package struct Limits: Sendable {
        /// Streams open at once on the server; past it `503`. Default 10,000.
        package var maxStreams: Int
        /// Streams open at once for one viewer; past it `429`. Default 16.
        package var maxStreamsPerViewer: Int
        /// SSE: a comment line when nothing was written for this long. Default 10 s.
        package var sseHeartbeat: Duration
        /// Multipart: a `{}` part when nothing was written for this long (Apollo Router's 5 s).
        package var multipartHeartbeat: Duration
        /// Moments whose results may wait for one stream's client; past it the stream ends with an error. Default 64.
        package var maxPendingEvents: Int
        /// Groups whose results are read and executed at once, on the handler pool. Default 2.
        package var maxConcurrentFanOut: Int
        /// How long the changes heard stay resumable from (`Last-Event-ID`). Default 60 s.
        package var resumeWindow: Duration = .seconds(60)
        /// Most changes kept for resuming, whatever their age. Default 65,536.
        package var maxResumeEntries = 65_536

        package init(
            maxStreams: Int = 10_000, maxStreamsPerViewer: Int = 16, sseHeartbeat: Duration = .seconds(10),
            multipartHeartbeat: Duration = .seconds(5), maxPendingEvents: Int = 64, maxConcurrentFanOut: Int = 2
        ) {
            self.maxStreams = maxStreams
            self.maxStreamsPerViewer = maxStreamsPerViewer
            self.sseHeartbeat = sseHeartbeat
            self.multipartHeartbeat = multipartHeartbeat
            self.maxPendingEvents = maxPendingEvents
            self.maxConcurrentFanOut = maxConcurrentFanOut
        }
    }

    /// Why a stream was not opened: answered before any event.
    package enum Refusal: Error, Sendable {
        case maxStreams, maxStreamsPerViewer
    }

    /// Read at a scrape (`moments_streams_*`).
    package struct Statistics: Sendable {
        package var open = 0
        package var eventsSent: UInt64 = 0
        package var eventsCoalesced: UInt64 = 0
        package var refused: UInt64 = 0
        /// Gaps in hearing changes after which the open streams were brought up to date.
        package var resyncs: UInt64 = 0
        /// Streams opened with `Last-Event-ID`: resumed, or told they could not be.
        package var resumed: UInt64 = 0, resumesRefused: UInt64 = 0
    }

    /// Streams that receive the same results.
    private final class Group: @unchecked Sendable {
        // Set once; `streams` only under `LiveLikes.state`'s lock; `lastResults`
        // only by the group's job, of which `FanOutQueue` runs one at a time.
        let viewerID: String
        let document: PreparedDocument
        let operationName: String?
        let variables: JSONObject?
        var streams: [ObjectIdentifier: SubscriptionStream] = [:]
        /// The SHA-256 of the last result pushed per moment, so the same state
        /// is not sent twice; bounded by `maxRemembered` (a page of moments and
        /// then some), past which it starts over.
        var lastResults: [UTF8Key: SHA256Digest] = [:]
        static let maxRemembered = 256
        /// Resumed streams and the moments each missed, sent to it alone by the next job (under the hub's lock).
        var catchUps: [ObjectIdentifier: (stream: SubscriptionStream, moments: [UTF8Key])] = [:]
        /// The spans of the likes the next job pushes (when traces are on; under the hub's lock):
        /// its span is the first one's child and links the others, at most `maxCauses`.
        var causes: [InstrumentationContext] = []
        static let maxCauses = 8

        init(viewerID: String, document: PreparedDocument, operationName: String?, variables: JSONObject?) {
            self.viewerID = viewerID
            self.document = document
            self.operationName = operationName
            self.variables = variables
        }
    }

    private struct State {
        var groups: [UTF8Key: Group] = [:]
        var audience = AudienceIndex<UTF8Key>()
        var work: FanOutQueue<UTF8Key>
        var groupOfStream: [ObjectIdentifier: UTF8Key] = [:]
        var perViewer: [UTF8Key: Int] = [:]
        var statistics = Statistics()
        var log: ResumeLog
    }

    private let engine: GraphQLEngine
    private let services: MomentsServices
    package let limits: Limits
    private let state: Locked<State>
    /// Where the fan-out's jobs run; nil: on a queue of this hub's own (tests without a server).
    private let jobs: (any JobPool)?
    private let queue = DispatchQueue(label: "moments.live", attributes: .concurrent)
    private let ticker: Ticker

    package init(engine: GraphQLEngine, services: MomentsServices, limits: Limits = Limits(), jobs: (any JobPool)? = nil) {
        self.engine = engine
        self.services = services
        self.limits = limits
        self.jobs = jobs
        let window = UInt64(clamping: limits.resumeWindow.components.seconds) &* 1_000_000_000
        state = Locked(State(
            work: FanOutQueue(limit: limits.maxConcurrentFanOut),
            log: ResumeLog(window: window, capacity: limits.maxResumeEntries)))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "moments.live.ticker"))
        ticker = Ticker(timer)
        let interval = min(limits.sseHeartbeat, limits.multipartHeartbeat, .seconds(1))
        let (seconds, attoseconds) = interval.components
        let milliseconds = max(10, Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000))
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds), leeway: .milliseconds(milliseconds / 10 + 1))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.activate()
    }

    deinit {
        ticker.timer.cancel()
    }

    /// The heartbeat timer: set up in `init`, cancelled in `deinit`, never touched between.
    private final class Ticker: @unchecked Sendable {
        let timer: any DispatchSourceTimer
        init(_ timer: any DispatchSourceTimer) { self.timer = timer }
    }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// What to register with the store (`MomentsStore.observeChanges`): it
    /// reaches this hub without keeping it alive. The store's cache keeps its
    /// observers, and the hub keeps the services, which keep that cache: held
    /// strongly, neither would ever be freed.
    package var changeObserver: any DataChangeObserver { WeakObserver(hub: self) }

    private struct WeakObserver: DataChangeObserver {
        weak let hub: LiveLikes?

        func likesChanged(momentID: String) { hub?.likesChanged(momentID: momentID) }
        func everythingChanged() { hub?.everythingChanged() }
        func changeTrackingLost() { hub?.changeTrackingLost() }
        func changeTrackingRestored() { hub?.changeTrackingRestored() }
        func changeHeard(at position: String, momentID: String?) { hub?.changeHeard(at: position, momentID: momentID) }
    }

    /// Opens a stream of `document`'s results for `viewerID` (already
    /// checked: authorized, an existing user), or refuses it by its limits.
    /// With `expiresAt` (the token's, seconds since 1970), the stream ends then
    /// with one `UNAUTHENTICATED` result. With `lastEventID` (SSE's
    /// `Last-Event-ID`), the stream first gets the latest result of each
    /// moment of its page changed after that position, or, when the position
    /// is not kept, one `STREAM_RESUME_UNAVAILABLE` result; then live results.
    func open(
        framing: StreamFraming, viewerID: String, document: PreparedDocument, query: String, operationName: String?,
        variables: JSONObject?, expiresAt: Int64? = nil, lastEventID: String? = nil
    ) -> Result<SubscriptionStream, Refusal> {
        let heartbeat = framing == .sse ? limits.sseHeartbeat : limits.multipartHeartbeat
        let expiry = expiresAt.map {
            SubscriptionStream.expiry(
                expiresAt: $0, wallNow: Int64(Date().timeIntervalSince1970), uptimeNow: DispatchTime.now().uptimeNanoseconds)
        }
        let stream = SubscriptionStream(
            framing: framing, viewerID: viewerID, maxPending: limits.maxPendingEvents, heartbeat: heartbeat, expiry: expiry,
            onClosed: { [weak self] stream in self?.remove(stream) })
        // Only the variables the operation declares: a request may carry any
        // others (unused, of any size), and the group keeps these for its lifetime.
        let variables = Self.declaredVariables(of: document, operationName: operationName, in: variables)
        let key = Self.groupKey(viewerID: viewerID, query: query, operationName: operationName, variables: variables)
        let viewer = UTF8Key(viewerID)
        let (opened, start) = state.withLock { state -> (Result<SubscriptionStream, Refusal>, [UTF8Key]) in
            guard state.statistics.open < limits.maxStreams else {
                state.statistics.refused &+= 1
                return (.failure(.maxStreams), [])
            }
            guard state.perViewer[viewer, default: 0] < limits.maxStreamsPerViewer else {
                state.statistics.refused &+= 1
                return (.failure(.maxStreamsPerViewer), [])
            }
            let existing = state.groups[key]
            let group = existing ?? Group(viewerID: viewerID, document: document, operationName: operationName, variables: variables)
            state.groups[key] = group
            group.streams[ObjectIdentifier(stream)] = stream
            state.groupOfStream[ObjectIdentifier(stream)] = key
            state.perViewer[viewer, default: 0] += 1
            state.statistics.open += 1
            var start: [UTF8Key] = []
            switch Self.resumption(framing: framing, lastEventID: lastEventID, log: state.log) {
            case .fresh(let position):
                if let position { stream.start(at: position) }
            case .catchUp(let moments):
                state.statistics.resumed &+= 1
                group.catchUps[ObjectIdentifier(stream)] = (stream, moments)
                // The group's next job sends them: one is due now if it had none.
                if existing != nil { start = state.work.add(nil, to: key) }
            case .unavailable(let position):
                state.statistics.resumesRefused &+= 1
                stream.refuseResume(Self.resumeUnavailable(lastEventID ?? ""), id: position)
            }
            guard existing == nil else { return (.success(stream), start) }
            // A new group learns its viewer's page now, not at the first like after many opens.
            state.audience.opened(key)
            return (.success(stream), state.work.add(nil, to: key))
        }
        startJobs(start)
        return opened
    }

    private enum Resumption {
        /// No `Last-Event-ID` (or not SSE): the position the stream starts at, if any is known.
        case fresh(String?)
        /// The moments changed after the client's position.
        case catchUp([UTF8Key])
        /// The client's position is not kept here; the stream continues from the newest.
        case unavailable(String?)
    }

    private static func resumption(framing: StreamFraming, lastEventID: String?, log: ResumeLog) -> Resumption {
        guard framing == .sse else { return .fresh(nil) }
        guard let lastEventID else { return .fresh(log.latest) }
        guard let moments = log.moments(after: lastEventID) else { return .unavailable(log.latest) }
        return moments.isEmpty ? .fresh(log.latest) : .catchUp(moments)
    }

    /// The one result a stream gets when it cannot resume from `position` (the client's, escaped as JSON).
    static func resumeUnavailable(_ position: String) -> [UInt8] {
        var message: [UInt8] = []
        JSONWriter.write(.string("The stream cannot resume from event \(position): read the timeline again."), into: &message)
        return Array(#"{"errors":[{"message":"#.utf8) + message + Array(#","extensions":{"code":"STREAM_RESUME_UNAVAILABLE"}}]}"#.utf8)
    }

    private func remove(_ stream: SubscriptionStream) {
        let id = ObjectIdentifier(stream)
        let viewer = UTF8Key(stream.viewerID)
        let sent = stream.events
        state.withLock { state in
            guard let key = state.groupOfStream.removeValue(forKey: id) else { return }
            if let group = state.groups[key] {
                group.streams[id] = nil
                group.catchUps[id] = nil
                if group.streams.isEmpty {
                    state.groups[key] = nil
                    state.audience.closed(key)
                    state.work.closed(key)
                }
            }
            let remaining = state.perViewer[viewer, default: 1] - 1
            state.perViewer[viewer] = remaining > 0 ? remaining : nil
            state.statistics.open -= 1
            state.statistics.eventsSent &+= UInt64(sent)
        }
    }

    /// The group of (viewer, document, operation, variables): the SHA-256 of
    /// their length-prefixed bytes, so no two meet and a group's key is 64
    /// characters however long its document and variables.
    static func groupKey(viewerID: String, query: String, operationName: String?, variables: JSONObject?) -> UTF8Key {
        var variablesBytes: [UInt8] = []
        if let variables { JSONWriter.write(.object(variables), sortingKeys: true, into: &variablesBytes) }
        let parts = [viewerID, query, operationName ?? "", String(decoding: variablesBytes, as: UTF8.self)]
        return UTF8Key(sha256Hex(parts.map { "\($0.utf8.count):\($0)" }.joined()))
    }

    /// `variables` without the members `operationName`'s operation does not declare.
    static func declaredVariables(of document: PreparedDocument, operationName: String?, in variables: JSONObject?) -> JSONObject? {
        guard let variables, let operation = try? document.operation(named: operationName) else { return nil }
        var declared = JSONObject()
        for definition in operation.variableDefinitions {
            if let value = variables[definition.variable.value] { declared.appendUnique(definition.variable.value, value) }
        }
        return declared
    }

    // MARK: Changes

    package func likesChanged(momentID: String) {
        let moment = UTF8Key(momentID)
        // The like's span, when this instance made the like and traces are on: the fan-out joins its trace.
        let cause = engine.tracer == nil ? nil : InstrumentationContext.current
        let start = state.withLock { state -> [UTF8Key] in
            var start: [UTF8Key] = []
            for group in state.audience.audience(of: moment) {
                start += state.work.add(moment, to: group)
                if let cause, let due = state.groups[group], due.causes.count < Group.maxCauses { due.causes.append(cause) }
            }
            return start
        }
        startJobs(start)
    }

    /// Another program changed the database: no moment to name, nothing to
    /// push, but any page may hold other moments now, and no earlier
    /// position can be resumed from.
    package func everythingChanged() {
        state.withLock { state in
            state.audience.forgetPages()
            state.log.forget()
        }
    }

    package func changeHeard(at position: String, momentID: String?) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0.log.heard(position, moment: momentID.map { UTF8Key($0) }, at: now) }
    }

    /// Changes may go unheard from now on: no earlier position can be resumed
    /// from. The pages stay as they are.
    package func changeTrackingLost() {
        state.withLock { $0.log.forget() }
    }

    /// Changes are heard again, and those made meanwhile were missed: every
    /// moment of every page is due, and the streams get those whose state changed.
    package func changeTrackingRestored() {
        let start = state.withLock { state -> [UTF8Key] in
            let pages = state.audience.pages
            guard !pages.isEmpty else { return [] }
            state.statistics.resyncs &+= 1
            var start: [UTF8Key] = []
            for (group, moments) in pages {
                if moments.isEmpty { start += state.work.add(nil, to: group) }
                for moment in moments { start += state.work.add(moment, to: group) }
            }
            return start
        }
        startJobs(start)
    }

    /// Starts each group's job on the pool; one the pool refuses waits for the next tick.
    private func startJobs(_ groups: [UTF8Key]) {
        for (index, key) in groups.enumerated() {
            let job: @Sendable () -> Void = { [weak self] in self?.runJob(key) }
            let submitted = jobs.map { $0.submit(ahead: false, job) } ?? {
                queue.async(execute: job)
                return true
            }()
            guard submitted else {
                state.withLock { state in
                    for refused in groups[index...].reversed() { state.work.refused(refused) }
                }
                return
            }
        }
    }

    /// One group's job: its page read, its due moments' results executed and
    /// pushed, again while more came meanwhile; then the next groups start.
    private func runJob(_ key: UTF8Key) {
        let (group, moments, epoch, position, catchUps, causes) = state.withLock { state in
            let group = state.groups[key]
            let catchUps = group.map { Array($0.catchUps.values) } ?? []
            group?.catchUps.removeAll()
            let causes = group?.causes ?? []
            group?.causes.removeAll()
            return (group, state.work.take(key), state.audience.epoch, state.log.latest, catchUps, causes)
        }
        if let group {
            traced(group, moments: moments, causes: causes) {
                fanOut(group, key: key, moments: moments, epoch: epoch, position: position, catchUps: catchUps)
            }
        }
        startJobs(state.withLock { $0.work.finished(key) })
    }

    /// Reads the group's page (learning it) and pushes each due moment's result
    /// that differs from the last pushed, every step bounded by the request timeout.
    /// `position`: the newest change heard when the job started, which every
    /// result read after it reflects: the results' event id. `catchUps`:
    /// resumed streams, each sent its missed moments alone.
    private func fanOut(
        _ group: Group, key: UTF8Key, moments: [UTF8Key], epoch: Int, position: String?,
        catchUps: [(stream: SubscriptionStream, moments: [UTF8Key])]
    ) {
        let deadline = ContinuousClock.now.advanced(by: engine.limits.requestTimeout)
        RequestDeadline.$current.withValue(deadline) {
            guard let timeline = try? services.timelines.timeline(userID: group.viewerID) else { return }
            let page = Set(timeline.moments.lazy.map { UTF8Key($0.id) })
            state.withLock { $0.audience.read(key, moments: page, epoch: epoch) }
            func result(of momentKey: UTF8Key) -> (moment: Moment, body: [UInt8])? {
                guard page.contains(momentKey), let moment = timeline.moments.first(where: { UTF8Key($0.id) == momentKey }) else { return nil }
                let context = MomentsContext(services: services, viewerID: group.viewerID)
                let event = MomentLikesEvent(viewerID: group.viewerID, moment: moment, user: timeline.user)
                let result = engine.execute(
                    group.document, operationName: group.operationName, variables: group.variables, context: context,
                    deadline: deadline, rootValue: event)
                // A result cut short by the deadline or a failing read is no event: the next like sends the state.
                guard !result.errors.contains(where: { $0.code == .internalServerError || $0.code == .databaseUnavailable }) else { return nil }
                return (moment, result.body)
            }
            for (stream, missed) in catchUps {
                for momentKey in missed {
                    if let (moment, body) = result(of: momentKey) { stream.push(momentID: moment.id, result: body, id: position) }
                }
            }
            var coalesced: UInt64 = 0
            for momentKey in moments {
                guard let (moment, body) = result(of: momentKey) else { continue }
                let digest = SHA256.hash(data: body)
                guard group.lastResults[momentKey] != digest else { continue }
                if group.lastResults.count >= Group.maxRemembered { group.lastResults.removeAll() }
                group.lastResults[momentKey] = digest
                let streams = state.withLock { _ in Array(group.streams.values) }
                for stream in streams where stream.push(momentID: moment.id, result: body, id: position) { coalesced &+= 1 }
            }
            if coalesced > 0 { state.withLock { $0.statistics.eventsCoalesced &+= coalesced } }
        }
    }

    /// `body` inside the job's `fan-out` span when traces are on: a child of
    /// the first like it pushes (when this instance made it), linked to the
    /// others; its page read and executions are its children.
    private func traced(_ group: Group, moments: [UTF8Key], causes: [InstrumentationContext], _ body: () -> Void) {
        guard let tracer = engine.tracer else { return body() }
        let span = tracer.startSpan("fan-out", context: causes.first ?? .topLevel, ofKind: .internal)
        defer { span.end() }
        if span.isRecording {
            for cause in causes.dropFirst() { span.addLink(SpanLink(context: cause, attributes: [:])) }
            let streams = state.withLock { _ in group.streams.count }
            span.updateAttributes { attributes in
                attributes.set("moments.fanout.moments", value: .int64(Int64(moments.count)))
                attributes.set("moments.fanout.streams", value: .int64(Int64(streams)))
            }
        }
        InstrumentationContext.$current.withValue(span.context) { body() }
    }

    private func tick() {
        let (streams, retry) = state.withLock { state in
            (state.groups.values.flatMap { $0.streams.values }, state.work.startable())
        }
        startJobs(retry)
        let now = DispatchTime.now().uptimeNanoseconds
        for stream in streams { stream.tick(now: now) }
    }
}
