/// ECMAScript `Number::toString` (ECMA-262 §6.1.6.1.20) for doubles, which
/// `JSON.stringify` uses: the shortest digits that round-trip (Swift's
/// `description` computes those), laid out as JavaScript does.
///
/// The one formatter of doubles: `JSONWriter`, the GraphQL executor's
/// response writer and its error messages all use it.
package enum JavaScriptNumber {
    /// Non-finite values give `null`, as `JSON.stringify` writes them.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }  // also -0, as JSON.stringify(-0)
        let (digits, pointPosition) = decimalDigits(of: value.magnitude)
        let sign = value < 0 ? "-" : ""
        let k = digits.count
        let n = pointPosition
        let body: String
        if k <= n && n <= 21 {
            body = digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            body = String(digits.prefix(n)) + "." + String(digits.dropFirst(n))
        } else if -6 < n && n <= 0 {
            body = "0." + String(repeating: "0", count: -n) + digits
        } else {
            let exponent = n - 1
            let mantissa = k == 1 ? digits : String(digits.prefix(1)) + "." + String(digits.dropFirst())
            body = mantissa + "e" + (exponent < 0 ? "-" : "+") + String(exponent.magnitude)
        }
        return sign + body
    }

    /// The significant digits `d1...dk` and `n` such that the value is
    /// `0.d1...dk × 10^n`, read from Swift's shortest round-trip description
    /// (`123.45`, `1e-07`, `1.5e+300`).
    private static func decimalDigits(of value: Double) -> (digits: String, pointPosition: Int) {
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        } else {
            integerPart = mantissa
            fractionPart = ""
        }
        var digits = Array(integerPart + fractionPart)
        var pointPosition = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (String(digits), pointPosition)
    }
}
