// swift-tools-version:6.1
// libFuzzer targets for the pure modules. A package of its own (apple/swift-protobuf's
// FuzzTesting layout) so that the root package's `swift build` and `swift test` never see
// fuzzer flags or these targets. Build and run them with scripts/fuzz.sh.
import PackageDescription

// A path dependency's identity is its directory's name, which differs between clones
// (a worktree, CI's checkout), so it is derived here rather than written down.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "moments-bff"

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        swiftSettings: strict
    )
}

let package = Package(
    name: "moments-bff-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point, declared for Swift; -sanitize=fuzzer links the library.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], swiftSettings: strict),
        fuzzTarget("fuzz-http-request", ["HTTP1"]),
        fuzzTarget("fuzz-chunked", ["HTTP1"]),
        fuzzTarget("fuzz-accept-encoding", ["HTTP1"]),
        fuzzTarget("fuzz-json", ["JSON"]),
        fuzzTarget("fuzz-graphql-parser", ["GraphQL"]),
        fuzzTarget("fuzz-graphql-validation", ["GraphQL", "MomentsAPI"]),
        fuzzTarget("fuzz-toggles", ["Toggles", "JSON", "Locking"]),
        fuzzTarget("fuzz-toggle-weights", ["Toggles", "Locking"]),
        fuzzTarget("fuzz-bearer-token", ["JSON", "MomentsAPI"]),
    ]
)
