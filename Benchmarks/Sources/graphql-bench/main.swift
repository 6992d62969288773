// graphql-bench [--seconds S] [--ops N] [--only LABEL-PREFIX] [--dump DIR]
//
// Release-mode micro-benchmark of the GraphQL engine (not a test): the app's
// timeline query (docs/api.md) over the demo data and over a synthetic
// timeline (33 moments, 5 likers each), with resolvers over frozen in-memory
// repositories so that the figures are the engine's own. Prints µs of wall
// and thread CPU time per operation. Run with
//   scripts/microbench.sh graphql-bench
// The machine may be shared: compare figures from one run. For figures
// that do not depend on the load, count instructions: `--ops N` runs
// exactly N operations, so the difference of two runs under
// `valgrind --tool=callgrind` (N and 2N) is N operations' instructions.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import GraphQL
@testable import JSON
@testable import Moments
@testable import MomentsAPI
@testable import MomentsFakes

enum Settings {
    static let parsed: (seconds: Double, ops: Int?, only: String?, dump: String?) = {
        var seconds = 1.0
        var ops: Int?
        var only: String?
        var dump: String?
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--seconds": seconds = arguments.next().flatMap(Double.init) ?? seconds
            case "--ops": ops = arguments.next().flatMap { Int($0) }
            case "--only": only = arguments.next()
            case "--dump": dump = arguments.next()
            default:
                print("usage: graphql-bench [--seconds S] [--ops N] [--only LABEL-PREFIX] [--dump DIR]")
                exit(2)
            }
        }
        return (seconds, ops, only, dump)
    }()
    static func runs(_ label: String) -> Bool { parsed.only.map { label.hasPrefix($0) } ?? true }
}

func now(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` on this thread for the configured time; prints µs of wall
/// and thread CPU time per call. (Allocations: run it under valgrind.)
func single(_ label: String, _ body: () -> Void) {
    guard Settings.runs(label) else { return }
    for _ in 0..<500 { body() }
    let wallStart = now(CLOCK_MONOTONIC), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
    var count = 0
    if let ops = Settings.parsed.ops {
        for _ in 0..<ops { body() }
        count = ops
    }
    while Settings.parsed.ops == nil, now(CLOCK_MONOTONIC) - wallStart < Settings.parsed.seconds {
        for _ in 0..<100 { body() }
        count += 100
    }
    let wall = now(CLOCK_MONOTONIC) - wallStart, cpu = now(CLOCK_THREAD_CPUTIME_ID) - cpuStart
    print(label.padding(32) + "\(format(wall / Double(count) * 1e6)) µs wall  \(format(cpu / Double(count) * 1e6)) µs cpu  (\(count) ops)")
}

func format(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return String(describing: scaled)
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

let query = AppDocuments.timeline

let variables: JSONObject = ["userID": "0", "withLikes": true]

func run(_ label: String, database: InMemoryDatabase) {
    let frozen = FrozenRepositories(database: database, userID: "0")
    let services = MomentsServices(
        timelines: TimelineService(users: frozen, moments: frozen, likes: frozen), likes: database.likeService())
    let engine = GraphQLEngine(schema: MomentsSchema.schema)
    var size = 0
    let once = engine.execute(query: query, variables: variables, context: MomentsContext(services: services))
    if !once.errors.isEmpty {
        print("\(label): unexpected errors \(once.errors)")
        exit(1)
    }
    if let directory = Settings.parsed.dump {
        let path = "\(directory)/\(label).json"
        guard let file = fopen(path, "w") else { exit(1) }
        _ = once.body.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    single("\(label) prepare+execute") {
        guard case .success(let prepared) = engine.prepare(query) else { exit(1) }
        let response = engine.execute(prepared, operationName: nil, variables: variables, context: MomentsContext(services: services))
        size &+= response.body.count
    }
    print("  response \(once.body.count) bytes")
    let body = Array(JSONValue.object(["query": .string(query), "variables": .object(variables)]).serialized)
    single("\(label) body parse (\(body.count) B)") {
        let parsed = try? body.withUnsafeBytes { try JSONParser.parse($0, limits: JSONLimits()) }
        if parsed == nil { exit(1) }
    }
    if size == 42 { print("") }
}

run("demo", database: InMemoryDatabase.demo())
run("synthetic", database: syntheticDatabase(moments: 33, likersPerMoment: 5))
