/// RFC 3339 / ISO 8601 date-times (`2022-01-29T13:00:00.000Z`,
/// `2022-01-29T14:00:00+01:00`, `2022-01-29`) as seconds since 1970, for the
/// DATE_AFTER and DATE_BEFORE operators. Without Foundation: the module stays pure and portable.
package enum Timestamp {
    package static func parse(_ text: String) -> Double? {
        let chars = Array(text.trimmingASCIIWhitespace().utf8)
        guard chars.count >= 10, chars.count <= 40 else { return nil }
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= chars.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let c = chars[index + offset]
                guard c >= 48 && c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < chars.count, chars[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = Double(daysSinceEpoch(year: year, month: month, day: day) * 86_400)
        guard index < chars.count else { return seconds }
        guard chars[index] == UInt8(ascii: "T") || chars[index] == UInt8(ascii: "t") || chars[index] == 32 else { return nil }
        index += 1
        guard let hour = digits(2), expect(58), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(58) {
            guard let second = digits(2), second <= 60 else { return nil }
            seconds += Double(second)
            if expect(46) {
                var scale = 0.1
                let start = index
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                    seconds += Double(chars[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        guard index < chars.count else { return seconds }  // no zone: read as UTC
        if chars[index] == UInt8(ascii: "Z") || chars[index] == UInt8(ascii: "z") {
            index += 1
        } else if chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
            let sign: Double = chars[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let offsetHours = digits(2) else { return nil }
            _ = expect(58)
            guard let offsetMinutes = digits(2) else { return nil }
            seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        return index == chars.count ? seconds : nil
    }

    /// Howard Hinnant's days-from-civil algorithm.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
