/// A Semantic Versioning 2.0.0 version, parsed strictly (no leading `v`, no
/// leading zeros, as the specification's cases require), ordered by the
/// specification's precedence; build metadata is ignored.
package struct SemanticVersion: Sendable, Comparable {
    package var major: Int
    package var minor: Int
    package var patch: Int
    package var prerelease: [Identifier]

    package enum Identifier: Sendable, Equatable {
        case numeric(Int)
        case alphanumeric(Substring)
    }

    package init?(_ text: String) {
        var text = Substring(text)
        if let plus = text.firstIndex(of: "+") {
            let build = text[text.index(after: plus)...]
            guard build.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(Self.isBuildIdentifier) else { return nil }
            text = text[..<plus]
        }
        var pre: Substring?
        if let dash = text.firstIndex(of: "-") {
            pre = text[text.index(after: dash)...]
            text = text[..<dash]
        }
        let core = text.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3, let major = Self.number(core[0]), let minor = Self.number(core[1]), let patch = Self.number(core[2]) else {
            return nil
        }
        self.major = major
        self.minor = minor
        self.patch = patch
        prerelease = []
        if let pre {
            for part in pre.split(separator: ".", omittingEmptySubsequences: false) {
                if let value = Self.number(part) {
                    prerelease.append(.numeric(value))
                } else if Self.isBuildIdentifier(part), !part.allSatisfy(\.isASCIIDigit) {
                    prerelease.append(.alphanumeric(part))
                } else {
                    return nil
                }
            }
        }
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 16, text.allSatisfy(\.isASCIIDigit) else { return nil }
        if text.count > 1 && text.first == "0" { return nil }
        return Int(text)
    }

    private static func isBuildIdentifier(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        // A version with a prerelease precedes the same version without one.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (left, right) {
            case (.numeric(let l), .numeric(let r)): return l < r
            case (.numeric, .alphanumeric): return true
            case (.alphanumeric, .numeric): return false
            case (.alphanumeric(let l), .alphanumeric(let r)): return l < r
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    package static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
