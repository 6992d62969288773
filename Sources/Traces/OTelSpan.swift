import Locking
import Tracing

/// A span of `OTelTracer`. Sampled spans record into a `SpanRecorder` and
/// hand their record to the span processor when they end. A span under an
/// unsampled parent is only that parent's context: two words, which an
/// `any Span` holds without allocating.
package struct OTelSpan: Tracing.Span {
    /// The context it was started in.
    private let parent: InstrumentationContext
    /// Its own ids and recorder; nil when it shares its parent's context.
    private let own: OwnSpan?

    init(parent: InstrumentationContext, own: OwnSpan?) {
        self.parent = parent
        self.own = own
    }

    /// Its ids (its parent's, when it has none of its own), for the logs.
    package var spanContext: SpanContext? { own?.spanContext ?? parent.spanContext }

    private var recorder: SpanRecorder? { own?.recorder }

    /// Made when asked: a request answered on the event loop never asks, and
    /// so never pays for the context's storage.
    package var context: InstrumentationContext {
        guard let own else { return parent }
        var context = parent
        context.spanContext = own.spanContext
        return context
    }

    package var isRecording: Bool { recorder?.isRecording ?? false }

    package var operationName: String {
        get { recorder?.state.withLock { $0.record.name } ?? "" }
        nonmutating set { recorder?.update { $0.name = newValue } }
    }

    package var attributes: SpanAttributes {
        get { recorder?.state.withLock { $0.record.attributes } ?? [:] }
        nonmutating set {
            recorder?.update { record in
                guard newValue.count > SpanRecord.maxEntries else { return record.attributes = newValue }
                var kept = SpanAttributes()
                newValue.forEach { name, value in
                    if kept.count < SpanRecord.maxEntries { kept.set(name, value: value) }
                }
                record.attributes = kept
                record.droppedAttributes = newValue.count - kept.count
            }
        }
    }

    package func setStatus(_ status: SpanStatus) {
        recorder?.update { record in
            // An error stays an error: OK is final, UNSET gives way to both (OpenTelemetry's rule is that OK wins).
            if record.status?.code == .ok { return }
            record.status = status
        }
    }

    package func addEvent(_ event: SpanEvent) {
        recorder?.update { record in
            guard record.events.count < SpanRecord.maxEntries else { return record.droppedEvents &+= 1 }
            record.events.append(event)
        }
    }

    package func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        guard let recorder else { return }
        var attributes = attributes
        attributes.set("exception.type", value: .string(String(describing: type(of: error))))
        attributes.set("exception.message", value: .string(String(describing: error)))
        let event = SpanEvent(name: "exception", at: instant(), attributes: attributes)
        recorder.update { record in
            guard record.events.count < SpanRecord.maxEntries else { return record.droppedEvents &+= 1 }
            record.events.append(event)
        }
    }

    package func addLink(_ link: SpanLink) {
        guard let recorder, let linked = link.context.spanContext else { return }
        recorder.update { record in
            guard record.links.count < SpanRecord.maxEntries else { return record.droppedLinks &+= 1 }
            record.links.append(SpanRecord.Link(context: linked, attributes: link.attributes))
        }
    }

    package func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        recorder?.end(at: instant().nanosecondsSinceEpoch)
    }
}

/// A span's own ids, and its recorder when it is sampled.
final class OwnSpan: Sendable {
    let spanContext: SpanContext
    let recorder: SpanRecorder?

    init(_ spanContext: SpanContext, recorder: SpanRecorder?) {
        self.spanContext = spanContext
        self.recorder = recorder
    }
}

/// The mutable part of a sampled span; ends once.
final class SpanRecorder: Sendable {
    struct State: Sendable {
        var record: SpanRecord
        var ended = false
    }

    let state: Locked<State>
    private let processor: any SpanProcessor
    /// What each string the record holds is cut to when it ends (`SpanRecord.limitingValues`).
    private let valueLengthLimit: Int

    init(_ record: SpanRecord, processor: any SpanProcessor, valueLengthLimit: Int) {
        state = Locked(State(record: record))
        self.processor = processor
        self.valueLengthLimit = valueLengthLimit
    }

    var isRecording: Bool { state.withLock { !$0.ended } }

    /// Changes the record until the span ends; afterwards nothing changes.
    func update(_ change: (inout SpanRecord) -> Void) {
        state.withLock { state in
            guard !state.ended else { return }
            change(&state.record)
        }
    }

    func end(at nanoseconds: UInt64) {
        let finished = state.withLock { state -> SpanRecord? in
            guard !state.ended else { return nil }
            state.ended = true
            state.record.endNanoseconds = max(nanoseconds, state.record.startNanoseconds)
            return state.record
        }
        if let finished { processor.spanEnded(finished.limitingValues(to: valueLengthLimit)) }
    }
}
