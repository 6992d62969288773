import Dispatch
import FoundationEssentials
import GraphQL
import JSON
import Locking
import Moments

/// Live likes: the open `momentLikesChanged` streams, and the fan-out of
/// like changes to them.
///
/// Changes come from the store (`DataChangeObserver`): a like committed by
/// this instance (SQLite's writer, PostgreSQL's round trip), and on
/// PostgreSQL any instance's, through the `LISTEN` connection. Each is
/// handled on one serial queue, off the thread that reported it: streams
/// that ask the same (viewer, document, variables) form a group, and each
/// group's result is executed once per change (the viewer's timeline from
/// the read cache, then the subscription's selection set on that moment)
/// and pushed to its streams (`SubscriptionStream`), which coalesce.
///
/// Bounded for many viewers and many likes: a group remembers which moments
/// its viewer's newest page holds, so a like of any other costs it a set
/// lookup, not a timeline read; and a moment's changes wait on the queue at
/// most once (the fan-out reads its latest state), so the queue holds at
/// most one entry per moment however fast likes come.
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

        package init(
            maxStreams: Int = 10_000, maxStreamsPerViewer: Int = 16, sseHeartbeat: Duration = .seconds(10),
            multipartHeartbeat: Duration = .seconds(5), maxPendingEvents: Int = 64
        ) {
            self.maxStreams = maxStreams
            self.maxStreamsPerViewer = maxStreamsPerViewer
            self.sseHeartbeat = sseHeartbeat
            self.multipartHeartbeat = multipartHeartbeat
            self.maxPendingEvents = maxPendingEvents
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
    }

    /// Streams that receive the same results.
    private final class Group: @unchecked Sendable {
        // Set once; `streams` and `lastResults` only under `LiveLikes.state`'s lock.
        let viewerID: String
        let document: PreparedDocument
        let operationName: String?
        let variables: JSONObject?
        var streams: [ObjectIdentifier: SubscriptionStream] = [:]
        /// The hash of the last result pushed per moment, so the same state is
        /// not sent twice (PostgreSQL reports a local like twice: its write and
        /// its `NOTIFY`). A hash, not the bytes: a few bytes per moment per
        /// group. Only touched on `LiveLikes.queue`; bounded by
        /// `maxRemembered` (a page of moments and then some), past which it
        /// starts over.
        var lastResults: [UTF8Key: Int] = [:]
        static let maxRemembered = 256
        /// The moments on the viewer's newest page at its last read; nil
        /// until read, and again after `everythingChanged`. Only touched on
        /// `LiveLikes.queue`. Likes never change which moments a page holds:
        /// only another program can (the read cache's timelines rely on it too).
        var moments: Set<UTF8Key>?

        init(viewerID: String, document: PreparedDocument, operationName: String?, variables: JSONObject?) {
            self.viewerID = viewerID
            self.document = document
            self.operationName = operationName
            self.variables = variables
        }
    }

    private struct State {
        var groups: [UTF8Key: Group] = [:]
        /// Moments whose fan-out is queued and has not started.
        var pendingMoments: Set<UTF8Key> = []
        var groupOfStream: [ObjectIdentifier: UTF8Key] = [:]
        var perViewer: [UTF8Key: Int] = [:]
        var statistics = Statistics()
    }

    private let engine: GraphQLEngine
    private let services: MomentsServices
    package let limits: Limits
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "moments.live")
    private let ticker: Ticker

    package init(engine: GraphQLEngine, services: MomentsServices, limits: Limits = Limits()) {
        self.engine = engine
        self.services = services
        self.limits = limits
        let timer = DispatchSource.makeTimerSource(queue: queue)
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
    }

    /// Opens a stream of `document`'s results for `viewerID` (already
    /// checked: authorized, an existing user), or refuses it by its limits.
    /// With `expiresAt` (the token's, seconds since 1970), the stream ends then
    /// with one `UNAUTHENTICATED` result.
    func open(
        framing: StreamFraming, viewerID: String, document: PreparedDocument, query: String, operationName: String?,
        variables: JSONObject?, expiresAt: Int64? = nil
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
        let (opened, newGroup) = state.withLock { state -> (Result<SubscriptionStream, Refusal>, Group?) in
            guard state.statistics.open < limits.maxStreams else {
                state.statistics.refused &+= 1
                return (.failure(.maxStreams), nil)
            }
            guard state.perViewer[viewer, default: 0] < limits.maxStreamsPerViewer else {
                state.statistics.refused &+= 1
                return (.failure(.maxStreamsPerViewer), nil)
            }
            let existing = state.groups[key]
            let group = existing ?? Group(viewerID: viewerID, document: document, operationName: operationName, variables: variables)
            state.groups[key] = group
            group.streams[ObjectIdentifier(stream)] = stream
            state.groupOfStream[ObjectIdentifier(stream)] = key
            state.perViewer[viewer, default: 0] += 1
            state.statistics.open += 1
            return (.success(stream), existing == nil ? group : nil)
        }
        // A new group learns its viewer's moments now, not at the first like after many opens.
        if let newGroup {
            queue.async { [self] in
                if newGroup.moments == nil { _ = timeline(of: newGroup) }
            }
        }
        return opened
    }

    private func remove(_ stream: SubscriptionStream) {
        let id = ObjectIdentifier(stream)
        let viewer = UTF8Key(stream.viewerID)
        let sent = stream.events
        state.withLock { state in
            guard let key = state.groupOfStream.removeValue(forKey: id) else { return }
            if let group = state.groups[key] {
                group.streams[id] = nil
                if group.streams.isEmpty { state.groups[key] = nil }
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
        let key = UTF8Key(momentID)
        // Already queued and not started: that fan-out will read this change too.
        guard state.withLock({ $0.pendingMoments.insert(key).inserted }) else { return }
        queue.async { [self] in
            state.withLock { _ = $0.pendingMoments.remove(key) }
            fanOut(momentID: momentID)
        }
    }

    /// Another program changed the database: no moment to name, nothing to
    /// push, but any page may hold other moments now.
    package func everythingChanged() {
        queue.async { [self] in
            for group in state.withLock({ Array($0.groups.values) }) { group.moments = nil }
        }
    }

    /// On the queue: each group's result for the moment, to each of its streams.
    private func fanOut(momentID: String) {
        let groups = state.withLock { Array($0.groups.values) }
        var coalesced: UInt64 = 0
        let key = UTF8Key(momentID)
        for group in groups {
            if let moments = group.moments, !moments.contains(key) { continue }
            guard let result = result(of: group, momentID: momentID), group.lastResults[key] != result.hashValue else { continue }
            if group.lastResults.count >= Group.maxRemembered { group.lastResults.removeAll() }
            group.lastResults[key] = result.hashValue
            let streams = state.withLock { _ in Array(group.streams.values) }
            for stream in streams where stream.push(momentID: momentID, result: result) { coalesced &+= 1 }
        }
        if coalesced > 0 { state.withLock { $0.statistics.eventsCoalesced &+= coalesced } }
    }

    /// The group's result for a change of `momentID`: nil when the viewer
    /// does not see the moment among their newest (or it cannot be read now).
    private func result(of group: Group, momentID: String) -> [UInt8]? {
        let key = UTF8Key(momentID)
        guard let timeline = timeline(of: group) else { return nil }
        guard let moment = timeline.moments.first(where: { UTF8Key($0.id) == key }) else { return nil }
        let context = MomentsContext(services: services, viewerID: group.viewerID)
        let event = MomentLikesEvent(viewerID: group.viewerID, moment: moment, user: timeline.user)
        return engine.execute(
            group.document, operationName: group.operationName, variables: group.variables, context: context, rootValue: event
        ).body
    }

    /// The group's viewer's timeline (the default page), its moments remembered by the group; on the queue.
    private func timeline(of group: Group) -> Timeline? {
        guard let timeline = try? services.timelines.timeline(userID: group.viewerID) else { return nil }
        group.moments = Set(timeline.moments.lazy.map { UTF8Key($0.id) })
        return timeline
    }

    private func tick() {
        let streams = state.withLock { state in state.groups.values.flatMap { $0.streams.values } }
        let now = DispatchTime.now().uptimeNanoseconds
        for stream in streams { stream.tick(now: now) }
    }
}
