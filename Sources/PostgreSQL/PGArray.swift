/// The text form of a `text[]` parameter (PostgreSQL docs, "Array Value
/// Input"): every element double-quoted, `"` and `\` backslash-escaped, so
/// any id (commas, braces, spaces, NULL) reads back as itself.
package enum PGArray {
    package static func encode(_ values: [String]) -> String {
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for character in value {
                if character == "\"" || character == "\\" { text += "\\" }
                text.append(character)
            }
            text += "\""
        }
        return text + "}"
    }
}
