extension ConnectionStateMachine {
    /// The bounds the machine enforces; the connection builds it from `HTTPLimits`.
    package struct Configuration: Sendable, Equatable {
        /// Time to receive a whole request head, from its first byte (and, for
        /// the first request, from the accept). Not restarted by later bytes,
        /// so a slowloris client is cut off. Then `408` and close.
        package var headerTimeout: Duration
        /// Longest pause between two reads of a request body. Then `408` and close.
        package var bodyTimeout: Duration
        /// Longest wait for the next request on a kept-alive connection. Then a quiet close.
        package var idleTimeout: Duration
        /// Longest pause in write progress to a client that stops reading. Then a reset.
        package var writeTimeout: Duration
        /// After a closing response, how long unread input is drained before
        /// the close, so the client reads the response instead of a reset
        /// (nginx `lingering_timeout`).
        package var lingerTimeout: Duration
        /// Slowest average body rate, in bytes/s, once the body has been awaited
        /// for `dataRateGracePeriod`. Then `408` and close. 0: off.
        package var minRequestBodyDataRate: Int
        /// Slowest rate, in bytes/s, at which queued output may drain while a write
        /// is blocked. Then a reset. 0: off.
        package var minResponseDataRate: Int
        /// Before it, neither rate is enforced (see `HTTPLimits.dataRateGracePeriod`).
        package var dataRateGracePeriod: Duration

        /// Each bound defaults to `HTTPLimits`' default: one place says them.
        package init(
            headerTimeout: Duration = HTTPLimits().headerTimeout,
            bodyTimeout: Duration = HTTPLimits().bodyTimeout,
            idleTimeout: Duration = HTTPLimits().idleTimeout,
            writeTimeout: Duration = HTTPLimits().writeTimeout,
            lingerTimeout: Duration = HTTPLimits().lingerTimeout,
            minRequestBodyDataRate: Int = HTTPLimits().minRequestBodyDataRate,
            minResponseDataRate: Int = HTTPLimits().minResponseDataRate,
            dataRateGracePeriod: Duration = HTTPLimits().dataRateGracePeriod
        ) {
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.lingerTimeout = lingerTimeout
            self.minRequestBodyDataRate = minRequestBodyDataRate
            self.minResponseDataRate = minResponseDataRate
            self.dataRateGracePeriod = dataRateGracePeriod
        }

        package init(_ limits: HTTPLimits) {
            self.init(
                headerTimeout: limits.headerTimeout,
                bodyTimeout: limits.bodyTimeout,
                idleTimeout: limits.idleTimeout,
                writeTimeout: limits.writeTimeout,
                lingerTimeout: limits.lingerTimeout,
                minRequestBodyDataRate: limits.minRequestBodyDataRate,
                minResponseDataRate: limits.minResponseDataRate,
                dataRateGracePeriod: limits.dataRateGracePeriod
            )
        }
    }
}
