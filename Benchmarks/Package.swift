// swift-tools-version:6.1
// Release-mode micro-benchmarks (not tests). A package of its own, as Fuzz/ is, so that the
// root package's `swift build` and `swift test` never build them. They reach the modules'
// `package` symbols through `@testable import`, so they are built with -enable-testing:
// run them with scripts/microbench.sh, which does that.
import PackageDescription

// A path dependency's identity is its directory's name, which differs between clones
// (a worktree, CI's checkout), so it is derived here rather than written down.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "moments-bff"

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

func ours(_ products: String...) -> [Target.Dependency] {
    products.map { .product(name: $0, package: root) }
}

let package = Package(
    name: "moments-bff-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        // The root package's pins, for metrics-bench's direct use of the metrics packages.
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-atomics", exact: "1.3.0"),
    ],
    targets: [
        // The storage layer's µs per operation: `scripts/microbench.sh storage-bench`.
        .executableTarget(
            name: "storage-bench",
            dependencies: ours("MomentsStorage", "Moments", "SQLite"),
            swiftSettings: strict
        ),
        // The GraphQL engine's µs per operation over frozen in-memory repositories: `scripts/microbench.sh graphql-bench`.
        .executableTarget(
            name: "graphql-bench",
            dependencies: ours("MomentsAPI", "Moments", "MomentsFakes", "GraphQL", "JSON", "Locking"),
            swiftSettings: strict
        ),
        // Answer sizes and µs per call at every gzip level and brotli quality:
        // `scripts/compression-levels.sh` (fetches the app's answers, then runs `scripts/microbench.sh compression-bench`).
        .executableTarget(
            name: "compression-bench",
            dependencies: ours("HTTPCompression", "HTTP1"),
            swiftSettings: strict
        ),
        // What metrics and request ids add per response: `scripts/microbench.sh metrics-bench`.
        .executableTarget(
            name: "metrics-bench",
            dependencies: ours("ServerMetrics", "HTTPServer", "HTTP1") + [
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            swiftSettings: strict
        ),
    ]
)
