// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "moments-bff",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "moments-bff", targets: ["moments-bff"]),
        .executable(name: "http-bench-server", targets: ["http-bench-server"]),
        // For Fuzz/ and Benchmarks/, separate packages that depend on this one by path.
        .library(name: "HTTP1", targets: ["HTTP1"]),
        .library(name: "HTTPCompression", targets: ["HTTPCompression"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "GraphQL", targets: ["GraphQL"]),
        .library(name: "MomentsAPI", targets: ["MomentsAPI"]),
        .library(name: "Toggles", targets: ["Toggles"]),
        .library(name: "Locking", targets: ["Locking"]),
        .library(name: "Moments", targets: ["Moments"]),
        .library(name: "MomentsFakes", targets: ["MomentsFakes"]),
        .library(name: "SQLite", targets: ["SQLite"]),
        .library(name: "MomentsStorage", targets: ["MomentsStorage"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "ServerMetrics", targets: ["ServerMetrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // SHA-256 for persisted queries, HMAC-SHA256 for bearer tokens: never our own cryptography.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // Metrics: the ecosystem's API, and its Prometheus backend (GET /metrics).
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        // swift-prometheus's own dependency, pinned; ServerMetrics also publishes its lazily made handles with it.
        .package(url: "https://github.com/apple/swift-atomics", exact: "1.3.0"),
        // Traces: the ecosystem's API (spans, InstrumentationContext); the SDK and OTLP exporter are ours (Traces).
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
    ],
    targets: [
        // SQLite: the C library through pkg-config, and our thin wrapper over it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SQLite", dependencies: ["CSQLite", "Locking"], swiftSettings: strict),
        // PostgreSQL: libpq's header (Debian's libpq-dev), the library loaded with
        // dlopen only when a postgres:// database is configured; our thin wrapper over it.
        .target(name: "CPostgreSQL"),
        .target(name: "PostgreSQL", dependencies: ["CPostgreSQL", "Locking"], swiftSettings: strict),

        // A value behind a pthread mutex: the one lock of every module (see Locked.swift for why not Mutex);
        // and the one seeded generator (SplitMix64).
        .target(name: "Locking", swiftSettings: strict),
        // The CLOCK eviction order, the map on it, and the invalidation race guard every cache shares.
        .target(name: "Caching", swiftSettings: strict),

        // Pure modules: no sockets, files or clocks.
        .target(name: "JSON", dependencies: ["Locking"], swiftSettings: strict),
        .target(name: "HTTP1", swiftSettings: strict),
        // gzip and br for HTTP answers (Content-Encoding): Debian's zlib and brotli, never a codec of our own.
        // Only the encoder of brotli: nothing here decodes (the tests decode with the gzip and brotli programs).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlienc", providers: [.apt(["libbrotli-dev"])]),
        .target(name: "HTTPCompression", dependencies: ["HTTP1", "CZlib", "CBrotli"], swiftSettings: strict),
        .target(
            name: "GraphQL",
            dependencies: ["JSON", "Locking", "Caching", .product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: strict
        ),
        .target(name: "Moments", dependencies: ["Locking"], swiftSettings: strict),
        // Unleash-compatible toggle evaluation: state, strategies, constraints, variants.
        .target(name: "Toggles", dependencies: ["JSON", "Locking"], swiftSettings: strict),

        // I/O and composition.
        // Linux epoll for HTTPServer's Poller (the Glibc module leaves sys/epoll.h out).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // glibc's mallopt, for the executable's cap on malloc arenas (the Glibc module leaves malloc.h out).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(
            name: "HTTPServer",
            dependencies: ["HTTP1", "CEpoll", "Locking", .product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: strict
        ),
        // GET /metrics: request metrics from the transport's per-response record, swift-prometheus's
        // registry behind the swift-metrics API, and what is read at a scrape (transport, process).
        .target(
            name: "ServerMetrics",
            dependencies: [
                "HTTPServer", "HTTP1", "Locking",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            swiftSettings: strict
        ),
        // libcurl's header (Debian's libcurl4-openssl-dev), the library loaded with
        // dlopen only when toggles are fetched from an Unleash server or traces exported.
        .target(name: "CCurl"),
        // One bounded HTTP exchange through libcurl: the toggle fetch and the trace export share it.
        .target(name: "Curl", dependencies: ["CCurl", "HTTP1"], swiftSettings: strict),
        // Keeps the toggle state current from a file or an Unleash server, on a queue of its own.
        .target(name: "ToggleSource", dependencies: ["Toggles", "Curl", "HTTP1"], swiftSettings: strict),
        // OpenTelemetry traces: the tracer behind swift-distributed-tracing's API, W3C trace context,
        // sampling, the OTEL_* configuration, and the batched OTLP/HTTP export on a thread of its own.
        .target(
            name: "Traces",
            dependencies: ["Curl", "HTTP1", "JSON", "Locking", .product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: strict
        ),
        .target(
            name: "MomentsStorage",
            dependencies: [
                "Moments", "SQLite", "PostgreSQL", "Locking", "Caching", .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "MomentsAPI",
            dependencies: [
                "Moments", "GraphQL", "JSON", "HTTP1", "HTTPCompression", "Toggles", "Locking", "Caching",
                .product(name: "Logging", package: "swift-log"), .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "moments-bff",
            dependencies: [
                "HTTPServer", "HTTP1", "MomentsAPI", "GraphQL", "MomentsStorage", "PostgreSQL", "Moments", "Toggles",
                "ToggleSource", "JSON", "ServerMetrics", "Locking", "CMalloc", "Traces",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),

        // The transport benchmark: /healthz and a fixed 2.5 KB JSON body (scripts/bench-http.sh).
        .executableTarget(name: "http-bench-server", dependencies: ["HTTPServer", "HTTP1"], swiftSettings: strict),

        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "TestSupport", "Locking"], swiftSettings: strict),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strict),
        .testTarget(name: "LockingTests", dependencies: ["Locking"], swiftSettings: strict),
        .testTarget(name: "CachingTests", dependencies: ["Caching"], swiftSettings: strict),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"], swiftSettings: strict),
        // Round trips decoded by programs that share no code with ours (GNU gzip's own inflate, brotli's CLI).
        .testTarget(
            name: "HTTPCompressionTests", dependencies: ["HTTPCompression", "HTTP1", "TestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strict
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "Locking", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ServerMetricsTests",
            dependencies: ["ServerMetrics", "HTTPServer", "HTTP1", "Locking", .product(name: "Prometheus", package: "swift-prometheus")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TogglesTests", dependencies: ["Toggles", "JSON"],
            resources: [.copy("Fixtures")], swiftSettings: strict
        ),
        .testTarget(name: "ToggleSourceTests", dependencies: ["ToggleSource", "Toggles", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "TracesTests", dependencies: ["Traces", "TestSupport", "Locking", .product(name: "Tracing", package: "swift-distributed-tracing")], swiftSettings: strict),
        .testTarget(name: "GraphQLTests", dependencies: ["GraphQL", "JSON", "TestSupport", "Locking"], swiftSettings: strict),
        // What several test targets share: temporary directories, the checkout's files, `eventually`,
        // a raw HTTP client, a toggle server, an OTLP trace receiver, a PostgreSQL server, the standard introspection query.
        .target(
            name: "TestSupport", dependencies: ["Locking"], path: "Tests/TestSupport",
            resources: [.copy("toggle-server.py"), .copy("otlp-receiver.py")], swiftSettings: strict
        ),
        // In-memory repositories: the fakes the service and API tests run on.
        .target(name: "MomentsFakes", dependencies: ["Moments"], path: "Tests/MomentsFakes", swiftSettings: strict),
        .testTarget(name: "MomentsTests", dependencies: ["Moments", "MomentsFakes"], swiftSettings: strict),
        // Child process of the durability test: acknowledges writes until killed.
        .executableTarget(
            name: "storage-durability-probe",
            dependencies: ["MomentsStorage", "Moments"],
            path: "Tests/StorageProbe",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MomentsStorageTests",
            dependencies: ["MomentsStorage", "Moments", "SQLite", "PostgreSQL", "Locking", "MomentsFakes", "TestSupport", "storage-durability-probe"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MomentsAPITests",
            dependencies: [
                "MomentsAPI", "Moments", "MomentsFakes", "GraphQL", "JSON", "HTTP1", "TestSupport", "Locking",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "IntegrationTests",
            // SQLite: a test writes the database as another program would.
            dependencies: ["moments-bff", "JSON", "MomentsAPI", "SQLite", "TestSupport"],
            swiftSettings: strict
        ),
    ]
)
