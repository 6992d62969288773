// storage-bench [--seconds S] [--dir DIR] [--only LABEL-PREFIX] [--large PATH]
//
// Release-mode micro-benchmark of the storage layer (not a test): seeds a
// demo database and a synthetic one (1,000 users, 10 friends, 3 moments
// each, 5 likes per moment) in a temporary directory and prints, per
// workload, the wall time and the CPU time of the calling thread per
// operation, then throughput with several threads. Build and run with
//   scripts/microbench.sh storage-bench
// With --large PATH (a database `moments-bff seed --synthetic` made, such as
// --users 100000 --friends 200 --moments 20 --likes 5 --hot-moment-likes
// 100000) it also prints the cost of a timeline page of 20 with its likes
// there and on the 1,000-user set, cold and warm, and their ratio
// (PageCost.swift); `--only page` runs that alone.
// The machine may be shared: compare figures from one run.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
@testable import Moments
@testable import MomentsStorage
@testable import SQLite

/// Command-line settings, parsed once.
enum Settings {
    static let parsed: (seconds: Double, directory: String?, only: String?, large: String?) = {
        var seconds = 1.0
        var directory: String?
        var only: String?
        var large: String?
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--seconds": seconds = arguments.next().flatMap(Double.init) ?? seconds
            case "--dir": directory = arguments.next()
            case "--only": only = arguments.next()
            case "--large": large = arguments.next()
            default:
                print("usage: storage-bench [--seconds S] [--dir DIR] [--only LABEL-PREFIX] [--large PATH]")
                exit(2)
            }
        }
        return (seconds, directory, only, large)
    }()
    /// A large synthetic database to measure pages on (see the header).
    static var large: String? { parsed.large }
    /// Runs only the figures whose label starts with this (for profiling one workload).
    static var only: String? { parsed.only }
    static func runs(_ label: String) -> Bool { only.map { label.hasPrefix($0) } ?? true }
    static var seconds: Double { parsed.seconds }
    static var directory: String? { parsed.directory }
}

func makeDirectory() -> String {
    if let directory = Settings.directory { return directory }
    var template = Array("/tmp/storage-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        print("mkdtemp failed: errno \(errno)")
        exit(1)
    }
    return String(cString: made)
}

func now(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Runs `body` on this thread for `seconds`; prints µs of wall and thread CPU
/// time per call, and returns both (nil when the label is not run).
@discardableResult
func single(_ label: String, _ body: (Int) throws -> Void) rethrows -> (wall: Double, cpu: Double)? {
    guard Settings.runs(label) else { return nil }
    for index in 0..<200 { try body(index) }  // warm caches and statements
    let wallStart = now(CLOCK_MONOTONIC), cpuStart = now(CLOCK_THREAD_CPUTIME_ID)
    var count = 0
    while now(CLOCK_MONOTONIC) - wallStart < Settings.seconds {
        for _ in 0..<50 {
            try body(count)
            count += 1
        }
    }
    let wall = now(CLOCK_MONOTONIC) - wallStart, cpu = now(CLOCK_THREAD_CPUTIME_ID) - cpuStart
    print(pad(label) + "\(format(wall / Double(count) * 1e6)) µs wall  \(format(cpu / Double(count) * 1e6)) µs cpu  (\(count) ops)")
    return (wall / Double(count) * 1e6, cpu / Double(count) * 1e6)
}

/// Runs `body` on `threads` threads for `seconds`; prints operations per second.
func parallel(_ label: String, threads: Int, _ body: @Sendable (Int, Int) throws -> Void) {
    guard Settings.runs(label) else { return }
    let counts = Counts(threads)
    let start = now(CLOCK_MONOTONIC)
    let cpuStart = processCPU()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var count = 0
        while now(CLOCK_MONOTONIC) - start < Settings.seconds {
            do {
                try body(thread, count)
            } catch {
                print("error: \(error)")
                exit(1)
            }
            count += 1
        }
        counts.set(thread, count)
    }
    let wall = now(CLOCK_MONOTONIC) - start
    let total = counts.total
    let cpu = processCPU() - cpuStart
    print(pad(label) + "\(format(Double(total) / wall)) ops/s  \(format(cpu / Double(max(total, 1)) * 1e6)) µs cpu/op (process)")
}

func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

final class Counts: @unchecked Sendable {
    private var values: [Int]
    private let lock = NSLockish()
    init(_ count: Int) { values = Array(repeating: 0, count: count) }
    func set(_ index: Int, _ value: Int) { lock.locked { values[index] = value } }
    var total: Int { lock.locked { values.reduce(0, +) } }
}

final class NSLockish: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

func pad(_ label: String) -> String { label + String(repeating: " ", count: max(1, 34 - label.count)) }
func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(rounded)
}

func timelineWithLikes(_ service: TimelineService, _ userID: String) throws {
    let timeline = try service.timeline(userID: userID)
    _ = try service.likes(momentIDs: timeline.moments.map(\.id), viewerID: userID)
}

/// Resident memory in bytes (second field of `/proc/self/statm`, in pages), or 0 where unavailable.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ").compactMap { Int($0) }
    return fields.count >= 2 ? fields[1] * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The same workloads on a store with the read cache and one without,
/// one after the other, so the figures compare within one run.
let modes: [(name: String, cache: ReadCacheConfiguration)] = [("uncached", .disabled), ("cached", ReadCacheConfiguration())]

do {
    let dir = makeDirectory()
    print("storage-bench in \(dir), \(Settings.seconds) s per figure")
    let syntheticPath = dir + "/synthetic.sqlite"
    try SyntheticData.write(to: syntheticPath, users: 1000, friends: 10, moments: 3, likes: 5, seed: 1)
    let userIDs = (0..<1000).map(String.init)

    try PageCost.run(small: syntheticPath, smallUsers: 1000, large: Settings.large)

    for mode in modes {
        // Demo data: the feed benchmark's timeline of user "0" (5 moments).
        let demoPath = dir + "/demo-\(mode.name).sqlite"
        let demo = try MomentsStore.open(path: demoPath, options: MomentsStore.Options(readers: 4, seedDemoData: true, cache: mode.cache))
        let demoTimelines = TimelineService(users: demo.users, moments: demo.moments, likes: demo.likes)
        let demoLikes = LikeService(users: demo.users, moments: demo.moments, likes: demo.likes)
        try single("\(mode.name) demo timeline") { _ in _ = try demoTimelines.timeline(userID: "0") }
        try single("\(mode.name) demo timeline+likes") { _ in try timelineWithLikes(demoTimelines, "0") }
        parallel("\(mode.name) demo timeline+likes 2 threads", threads: 2) { _, _ in try timelineWithLikes(demoTimelines, "0") }

        // Synthetic: 33-moment timelines with 5 likes per moment.
        let residentBefore = residentBytes()
        let synthetic = try MomentsStore.open(path: syntheticPath, options: MomentsStore.Options(readers: 4, seedDemoData: false, cache: mode.cache))
        let syntheticTimelines = TimelineService(users: synthetic.users, moments: synthetic.moments, likes: synthetic.likes)
        let syntheticLikes = LikeService(users: synthetic.users, moments: synthetic.moments, likes: synthetic.likes)
        if mode.cache.isEnabled, Settings.runs("\(mode.name) synthetic memory") {
            // Both rows include what SQLite's page caches grew by while reading.
            for userID in userIDs { _ = try syntheticTimelines.timeline(userID: userID) }
            let afterTimelines = residentBytes()
            print(pad("\(mode.name) memory: 1,000 timelines") + "\((afterTimelines - residentBefore) / 1024) KiB resident")
            for userID in userIDs { try timelineWithLikes(syntheticTimelines, userID) }
            print(pad("\(mode.name) memory: + 3,000 likers") + "\((residentBytes() - afterTimelines) / 1024) KiB resident")
        }
        try single("\(mode.name) synthetic timeline") { index in _ = try syntheticTimelines.timeline(userID: userIDs[index % 1000]) }
        try single("\(mode.name) synthetic timeline+likes") { index in try timelineWithLikes(syntheticTimelines, userIDs[index % 1000]) }
        parallel("\(mode.name) synthetic timeline+likes 2 threads", threads: 2) { thread, index in
            try timelineWithLikes(syntheticTimelines, userIDs[(index * 7 + thread * 500) % 1000])
        }
        // like-mix: 90% timeline+likes, 10% like/unlike (durable) then the timeline, as the HTTP benchmark does.
        parallel("\(mode.name) synthetic like-mix 16 threads", threads: 16) { thread, index in
            let userID = userIDs[(index * 7 + thread * 61) % 1000]
            if index % 10 == 9 {
                let timeline = try syntheticTimelines.timeline(userID: userID)
                guard let moment = timeline.moments.first else { return }
                _ = try syntheticLikes.updateLike(momentID: moment.id, userID: userID, isLiked: index % 20 == 9)
            } else {
                try timelineWithLikes(syntheticTimelines, userID)
            }
        }

        // Writes: like/unlike toggles, each durable (synchronous=FULL) before it returns.
        let demoUsers = ["0", "1", "2", "3", "4", "100", "101", "102", "103", "104", "105"]
        for threads in [1, 16] {
            parallel("\(mode.name) demo setLike \(threads) threads", threads: threads) { thread, index in
                // Thread t toggles its own (moment, user) pair; user "0" sees every moment.
                try demo.likes.setLike(momentID: String(thread % 5), userID: demoUsers[(thread / 5) % demoUsers.count], isLiked: index % 2 == 0)
            }
        }
        parallel("\(mode.name) demo updateLike 16 threads", threads: 16) { thread, index in
            _ = try demoLikes.updateLike(momentID: String(thread % 4), userID: "0", isLiked: index % 2 == 0)
        }
        demo.close()
        synthetic.close()
    }
    if Settings.directory == nil {
        for name in ["demo-uncached.sqlite", "demo-cached.sqlite", "synthetic.sqlite"] {
            for suffix in ["", "-wal", "-shm"] { remove(dir + "/" + name + suffix) }
        }
        rmdir(dir)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
