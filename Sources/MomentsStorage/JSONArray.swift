/// Encodes ids as one JSON array parameter for `json_each(?)`, so a page of
/// any size is one statement with constant SQL text (and a statement-cache hit).
enum JSONArray {
    static func encode(_ strings: [String]) -> String {
        var out = "["
        out.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, string) in strings.enumerated() {
            if index > 0 { out.append(",") }
            out.append("\"")
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out.append("\\\"")
                case "\\": out.append("\\\\")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out.append("\"")
        }
        out.append("]")
        return out
    }
}
