import CoreMetrics

/// The database's write metrics, through the swift-metrics API (the backend
/// is the application's choice): how long each commit took, its fsync
/// included, and how many writes it carried. On SQLite one commit is a
/// group commit of every like waiting for the writer; on PostgreSQL each
/// like is its own (autocommitted) transaction, so its batch is 1.
struct CommitMetrics: Sendable {
    /// `moments_db_commit_duration_seconds`: a histogram.
    static let durationLabel = "moments_db_commit_duration_seconds"
    /// `moments_db_commit_batch_size`: a histogram of writes per commit.
    static let batchSizeLabel = "moments_db_commit_batch_size"

    private let duration: CoreMetrics.Timer
    private let batchSize: Recorder

    init(factory: any MetricsFactory) {
        duration = CoreMetrics.Timer(label: Self.durationLabel, factory: factory)
        batchSize = Recorder(label: Self.batchSizeLabel, aggregate: true, factory: factory)
    }

    func committed(operations: Int, duration elapsed: Duration) {
        duration.recordNanoseconds(Int64(clamping: elapsed.components.seconds &* 1_000_000_000 &+ elapsed.components.attoseconds / 1_000_000_000))
        batchSize.record(operations)
    }
}
