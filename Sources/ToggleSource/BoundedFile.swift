import FoundationEssentials

/// Reads a whole file, refusing (not truncating) one over `limit` bytes.
package enum BoundedFile {
    package struct TooLarge: Error, CustomStringConvertible {
        var path: String
        var limit: Int
        package var description: String { "\(path) is over the limit of \(limit) bytes" }
    }

    package static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let stamp = try FileStamp(path: path)
        guard stamp.size <= limit else { throw TooLarge(path: path, limit: limit) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard data.count <= limit else { throw TooLarge(path: path, limit: limit) }
        return Array(data)
    }
}

/// What tells a changed file from an unchanged one without reading it.
struct FileStamp: Equatable {
    var size: Int
    var modified: Double
    var inode: Int

    init(path: String) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        size = (attributes[.size] as? Int) ?? 0
        modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        inode = (attributes[.systemFileNumber] as? Int) ?? 0
    }
}
