import Synchronization

/// Bytes one event loop read from and wrote to its sockets. One per `Poller`,
/// so loops never share a cache line per read or write; `Server.transport`
/// adds them up when asked (a metrics scrape). Relaxed: the totals are for
/// people and dashboards, and nothing else is ordered by them.
final class TrafficCounters: Sendable {
    let bytesReceived = Atomic<Int>(0)
    let bytesSent = Atomic<Int>(0)
}

/// What the transport counted since start, and what is open right now:
/// the numbers behind the transport's metrics.
package struct TransportTotals: Sendable, Equatable {
    /// Bytes read from client sockets (request heads and bodies, and whatever else clients sent).
    package var bytesReceived = 0
    /// Bytes written to admitted connections' sockets (responses, `100 Continue`, refusals;
    /// not the one-off `503` to a connection refused at accept).
    package var bytesSent = 0
    /// Connections admitted since start.
    package var connectionsAccepted = 0
    /// Connections answered `503` and closed at once (`maxConnections`, or stopping).
    package var connectionsRefused = 0
    /// Connections open now.
    package var connectionsOpen = 0
    /// Requests whose handler runs or waits for a pool now (`/graphql`, `/readyz`, ...);
    /// inline handlers run on the I/O thread and never wait, so they are never counted.
    package var requestsInFlight = 0

    package init() {}

    package static func + (lhs: TransportTotals, rhs: TransportTotals) -> TransportTotals {
        var sum = lhs
        sum.bytesReceived += rhs.bytesReceived
        sum.bytesSent += rhs.bytesSent
        sum.connectionsAccepted += rhs.connectionsAccepted
        sum.connectionsRefused += rhs.connectionsRefused
        sum.connectionsOpen += rhs.connectionsOpen
        sum.requestsInFlight += rhs.requestsInFlight
        return sum
    }
}
