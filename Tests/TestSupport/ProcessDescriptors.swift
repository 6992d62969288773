import Glibc

/// The test process's open file descriptors, read from `/proc/self/fd` (Linux).
package enum ProcessDescriptors {
    /// The descriptor numbers, less the one the listing itself opens.
    package static func numbers() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
        }
        return descriptors
    }

    /// What `descriptor` refers to, as `readlink` names it (`pipe:[N]`, a path).
    package static func target(_ descriptor: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
