/// Block strings (spec §2.9.4 `BlockStringValue()`), as graphql-js
/// `src/language/blockString.ts` (v16).
enum BlockString {
    /// `BlockStringValue(rawValue)`: remove the common indentation of all
    /// lines but the first, then leading and trailing blank lines, and join
    /// with `\n`. Indentation is spaces and tabs, one byte each.
    static func value(ofLines lines: [[UInt8]]) -> String {
        var commonIndent = Int.max
        var firstNonEmpty: Int? = nil
        var lastNonEmpty = -1
        for (index, line) in lines.enumerated() {
            let indent = leadingWhitespace(line)
            if indent == line.count { continue }  // blank line
            if firstNonEmpty == nil { firstNonEmpty = index }
            lastNonEmpty = index
            if index != 0, indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonEmpty else { return "" }
        var result: [UInt8] = []
        for index in first...lastNonEmpty {
            if index != first { result.append(0x0A) }
            let line = lines[index]
            if index == 0 {
                result.append(contentsOf: line)
            } else if commonIndent < line.count {
                result.append(contentsOf: line[commonIndent...])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func leadingWhitespace(_ line: [UInt8]) -> Int {
        var count = 0
        while count < line.count, line[count] == 0x20 || line[count] == 0x09 { count += 1 }
        return count
    }

    /// graphql-core 3.2 `print_block_string`: the block form of a value,
    /// adding a leading and trailing newline when that keeps it readable.
    static func print(_ value: String) -> String {
        let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
        var lines = escaped.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // Python's `splitlines()` yields no empty last line after a final newline.
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in line.first.map { $0 == " " || $0 == "\t" } ?? true }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        let before = (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine ? "\n" : ""
        let after = printAsMultipleLines || forceTrailingNewLine ? "\n" : ""
        return "\"\"\"" + before + escaped + after + "\"\"\""
    }
}
