import Glibc

/// What the internal page says about this binary.
enum BuildInfo {
    /// The product's version; raise it with releases.
    static let version = "0.1.0"

    static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    static var compiler: String {
        #if compiler(>=6.3)
        "Swift 6.3 or later"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #else
        "Swift 6.1"
        #endif
    }

    /// When the running executable was written (its modification time), Unix seconds; nil if unknown.
    static let builtAt: Int? = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec)
    }()
}
