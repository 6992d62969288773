import Locking
import Tracing

/// A span of `OTelTracer`. Sampled spans record into a `SpanRecorder` and
/// hand their record to the span processor when they end; the others carry
/// only their ids (no allocation, nothing kept).
package struct OTelSpan: Tracing.Span {
    /// The context it was started in.
    private let parent: InstrumentationContext
    /// Its ids (its parent's, when it has none of its own), for the logs.
    package let spanContext: SpanContext
    /// Whether `spanContext` is its own, to be added to `parent` for its children.
    private let ownsContext: Bool
    private let recorder: SpanRecorder?

    init(parent: InstrumentationContext, spanContext: SpanContext, ownsContext: Bool, recorder: SpanRecorder?) {
        self.parent = parent
        self.spanContext = spanContext
        self.ownsContext = ownsContext
        self.recorder = recorder
    }

    /// Made when asked: a request answered on the event loop never asks, and
    /// so never pays for the context's storage.
    package var context: InstrumentationContext {
        guard ownsContext else { return parent }
        var context = parent
        context.spanContext = spanContext
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

/// The mutable part of a sampled span; ends once.
final class SpanRecorder: Sendable {
    struct State: Sendable {
        var record: SpanRecord
        var ended = false
    }

    let state: Locked<State>
    private let processor: any SpanProcessor

    init(_ record: SpanRecord, processor: any SpanProcessor) {
        state = Locked(State(record: record))
        self.processor = processor
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
        if let finished { processor.spanEnded(finished) }
    }
}
