// compression-bench [--seconds S] FILE...
//
// Release-mode micro-benchmark of HTTPCompression's Compressor (not a test):
// for each FILE (an answer as the server sends it; scripts/compression-levels.sh
// fetches the app's timelines and runs this), its size compressed at every
// gzip level (1-9) and brotli quality (0-11), and the microseconds of CPU one
// call takes on its thread: the median of as many calls as fit in S seconds
// per setting (default 0.3), spent in 5 passes over all settings in turn.
// Then the same for prefixes of the first FILE from 128 bytes to 4 KiB at the
// default levels: what a short answer gains, for Compressor.minimumBytes.
// Prints Markdown tables. The machine may be shared: compare figures from one run.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import HTTPCompression
@testable import HTTP1

/// Command-line settings, parsed once.
enum Settings {
    static let parsed: (seconds: Double, paths: [String]) = {
        var seconds = 0.3
        var paths: [String] = []
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            if argument == "--seconds", let value = arguments.next().flatMap(Double.init) {
                seconds = value
            } else if argument.hasPrefix("-") {
                paths = []
                break
            } else {
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            print("usage: compression-bench [--seconds S] FILE...")
            exit(2)
        }
        return (seconds, paths)
    }()
}

func read(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
        print("cannot open \(path)")
        exit(1)
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}

/// The calling thread's CPU time: what a call costs the server, less the time the
/// (shared, virtual) machine gave to others.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One setting's calls: the output's size (the plain size when the call declines) and the
/// µs of each call, gathered over several passes.
final class Setting {
    let bytes: [UInt8]
    let coding: ContentCoding
    let level: Int
    let size: Int
    var samples: [Double] = []

    init(_ bytes: [UInt8], _ coding: ContentCoding, _ level: Int) {
        self.bytes = bytes
        self.coding = coding
        self.level = level
        size = Compressor.compress(bytes, as: coding, level: level)?.count ?? bytes.count
    }

    func run(for seconds: Double) {
        for _ in 0..<3 { _ = Compressor.compress(bytes, as: coding, level: level) }
        let start = now()
        var count = 0
        while count < 5 || (now() - start < seconds && count < 20_000) {
            let before = now()
            _ = Compressor.compress(bytes, as: coding, level: level)
            samples.append((now() - before) * 1e6)
            count += 1
        }
    }

    var median: Double { samples.sorted()[samples.count / 2] }
}

/// Runs every setting in `passes` interleaved rounds, so that a slow spell of the machine
/// is spread over all of them rather than landing on a few.
func measure(_ settings: [Setting], passes: Int = 5) {
    for _ in 0..<passes {
        for setting in settings { setting.run(for: Settings.parsed.seconds / Double(passes)) }
    }
}

func percent(_ part: Int, of whole: Int) -> String {
    let tenths = (part * 1000 + whole / 2) / whole
    return "\(tenths / 10).\(tenths % 10) %"
}

func micros(_ value: Double) -> String {
    value < 100 ? String(Int((value * 10).rounded()) / 10) + "." + String(Int((value * 10).rounded()) % 10) : String(Int(value.rounded()))
}

let answers = Settings.parsed.paths.map { (name: $0.split(separator: "/").last.map(String.init) ?? $0, bytes: read($0)) }
let levels = Compressor.gzipLevels.map { (ContentCoding.gzip, $0) } + Compressor.brotliQualities.map { (ContentCoding.br, $0) }
let table = levels.map { coding, level in answers.map { Setting($0.bytes, coding, level) } }
measure(table.flatMap { $0 })
print("| coding | " + answers.map { "\($0.name) (\($0.bytes.count) B): bytes | µs" }.joined(separator: " | ") + " |")
print("| --- |" + String(repeating: " ---: | ---: |", count: answers.count))
for ((coding, level), row) in zip(levels, table) {
    let label = coding == .gzip ? "gzip \(level)" : "br \(level)"
    let isDefault = level == (coding == .gzip ? Compressor.gzipLevel : Compressor.brotliQuality)
    print("| \(isDefault ? "**\(label)**" : label) |" + row.map { " \($0.size) (\(percent($0.size, of: $0.bytes.count))) | \(micros($0.median)) |" }.joined())
}

print()
print("Prefixes of \(answers[0].name), default levels (plain bytes in, bytes out, µs):")
print()
print("| plain bytes | gzip \(Compressor.gzipLevel): bytes | µs | br \(Compressor.brotliQuality): bytes | µs |")
print("| ---: | ---: | ---: | ---: | ---: |")
let lengths = [128, 256, 512, 768, 1_024, 1_536, 2_048, 4_096].filter { $0 <= answers[0].bytes.count }
let prefixes = lengths.map { length in
    let prefix = Array(answers[0].bytes.prefix(length))
    return (Setting(prefix, .gzip, Compressor.gzipLevel), Setting(prefix, .br, Compressor.brotliQuality))
}
measure(prefixes.flatMap { [$0.0, $0.1] })
for (length, (gzip, br)) in zip(lengths, prefixes) {
    print("| \(length) | \(gzip.size) | \(micros(gzip.median)) | \(br.size) | \(micros(br.median)) |")
}
