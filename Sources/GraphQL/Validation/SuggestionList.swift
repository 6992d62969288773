/// "Did you mean" suggestions exactly as graphql-js computes them
/// (`suggestionList`, `LexicalDistance`, `naturalCompare`, `didYouMean`).
enum SuggestionList {
    /// At most this many suggestions are shown (graphql-js `MAX_SUGGESTIONS`).
    static let maxSuggestions = 5

    /// The options within a lexical distance of 40% of the input's length,
    /// closest first, ties in natural order.
    static func suggestions(for input: String, from options: [String]) -> [String] {
        let distance = LexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var byDistance: [(option: String, distance: Int)] = []
        var seen: Set<String> = []
        for option in options where seen.insert(option).inserted {
            if let measured = distance.measure(option, threshold: threshold) {
                byDistance.append((option, measured))
            }
        }
        byDistance.sort { lhs, rhs in
            lhs.distance != rhs.distance
                ? lhs.distance < rhs.distance : naturalCompare(lhs.option, rhs.option) < 0
        }
        return byDistance.map(\.option)
    }

    /// ` Did you mean "a", "b", or "c"?`, or "" without suggestions.
    static func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
        if suggestions.isEmpty { return "" }
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.prefix(maxSuggestions).map { "\"\($0)\"" }
        switch quoted.count {
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default: return message + quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1] + "?"
        }
    }

    /// Digit runs compare by value, everything else by UTF-16 code unit.
    static func naturalCompare(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf16), b = Array(rhs.utf16)
        var i = 0, j = 0
        func isDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                // graphql-js stops a number at a leading zero (`aNum > 0`), so do we.
                var aNumber = 0
                repeat {
                    aNumber = aNumber &* 10 &+ Int(a[i] - 48)
                    i += 1
                } while i < a.count && isDigit(a[i]) && aNumber > 0
                var bNumber = 0
                repeat {
                    bNumber = bNumber &* 10 &+ Int(b[j] - 48)
                    j += 1
                } while j < b.count && isDigit(b[j]) && bNumber > 0
                if aNumber != bNumber { return aNumber < bNumber ? -1 : 1 }
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return a.count - b.count
    }
}

/// Damerau–Levenshtein distance (with adjacent transpositions) over
/// lower-cased UTF-16 code units; a change of case alone counts as one edit.
struct LexicalDistance {
    private let input: String
    private let inputLowerCase: String
    private let inputUnits: [UInt16]

    init(_ input: String) {
        self.input = input
        self.inputLowerCase = input.lowercased()
        self.inputUnits = Array(inputLowerCase.utf16)
    }

    func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowerCase = option.lowercased()
        if inputLowerCase == optionLowerCase { return 1 }
        var a = Array(optionLowerCase.utf16), b = inputUnits
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count, bLength = b.count
        if aLength - bLength > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLength + 1), count: 3)
        for j in 0...bLength { rows[0][j] = j }
        if aLength > 0 {
            for i in 1...aLength {
                let up = (i - 1) % 3, current = i % 3
                rows[current][0] = i
                var smallest = i
                if bLength > 0 {
                    for j in 1...bLength {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                        }
                        smallest = min(smallest, cell)
                        rows[current][j] = cell
                    }
                }
                if smallest > threshold { return nil }
            }
        }
        let distance = rows[aLength % 3][bLength]
        return distance <= threshold ? distance : nil
    }
}
