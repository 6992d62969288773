#if canImport(Glibc)
import Glibc
#endif
import CoreMetrics

/// The process basics every Prometheus client exports, read from Linux at a
/// scrape: CPU time (`getrusage`), memory (`/proc/self/statm`), descriptors
/// (`/proc/self/fd`, `RLIMIT_NOFILE`) and the start time (`/proc/self/stat`
/// and the boot time in `/proc/stat`).
enum ProcessMetrics {
    static func register(with exporter: MetricsExporter) {
        let start = startTimeSeconds()
        exporter.collectSeconds("process_cpu_seconds_total") { cpuSeconds() }
        exporter.collectGauge("process_resident_memory_bytes") { Double(memoryPages().resident * pageSize) }
        exporter.collectGauge("process_virtual_memory_bytes") { Double(memoryPages().size * pageSize) }
        exporter.collectGauge("process_open_fds") { Double(openDescriptors()) }
        exporter.collectGauge("process_max_fds") { Double(maxDescriptors()) }
        exporter.collectGauge("process_start_time_seconds") { start }
    }

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Pages of the whole mapping and resident (`/proc/self/statm`'s first two fields).
    static func memoryPages() -> (size: Int, resident: Int) {
        let fields = readSmallFile("/proc/self/statm").split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let size = Int(decimal: fields[0]), let resident = Int(decimal: fields[1]) else { return (0, 0) }
        return (size, resident)
    }

    /// Entries of `/proc/self/fd`, less the one the listing itself opens.
    static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
            if !isDot { count += 1 }
        }
        return max(0, count - 1)
    }

    static func maxDescriptors() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Boot time plus the process's start in clock ticks since boot; now, if unreadable.
    static func startTimeSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let fallback = Double(now.tv_sec)
        // Field 22 of /proc/self/stat, counted after the command's closing parenthesis
        // (the command itself may hold spaces and parentheses).
        let stat = readSmallFile("/proc/self/stat")
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return fallback }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        // fields[0] is field 3 (the state), so field 22 is fields[19].
        guard fields.count > 19, let ticks = Int(decimal: fields[19]) else { return fallback }
        var bootTime: Int?
        for line in readSmallFile("/proc/stat").split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("btime ".utf8)) {
            bootTime = Int(decimal: line.dropFirst(6))
        }
        let hertz = sysconf(Int32(_SC_CLK_TCK))
        guard let bootTime, hertz > 0 else { return fallback }
        return Double(bootTime) + Double(ticks) / Double(hertz)
    }

    /// The first 64 KiB of a `/proc` file (they are a line or a few hundred).
    private static func readSmallFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}

extension Int {
    /// Decimal ASCII digits; nil for anything else.
    fileprivate init?<Bytes: Collection>(decimal bytes: Bytes) where Bytes.Element == UInt8 {
        guard !bytes.isEmpty, bytes.count < 19 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        self = value
    }
}

extension MetricsExporter {
    /// The process basics (`ProcessMetrics`), read at each scrape.
    package func collectProcess() {
        ProcessMetrics.register(with: self)
    }

    /// `moments_build_info{version="...",build="..."} 1`: an info metric (OpenMetrics' `info` type).
    package func buildInfo(version: String, build: String) {
        Meter(label: "moments_build_info", dimensions: [("version", version), ("build", build)], factory: factory).set(1)
    }
}
