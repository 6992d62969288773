import Dispatch
import Glibc

/// Turns SIGTERM/SIGINT into a callback on a Dispatch queue instead of the
/// default "die at once", so the server can drain.
final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], queue: DispatchQueue = DispatchQueue(label: "moments-bff.signals"), handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
