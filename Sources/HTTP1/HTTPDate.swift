/// The HTTP date format (RFC 9110 §5.6.7, IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`),
/// by pure arithmetic: the caller reads the clock.
package enum HTTPDate {
    private static let weekdays: StaticString = "SunMonTueWedThuFriSat"
    private static let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"

    package static func format(secondsSince1970 seconds: Int) -> String {
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        // 1970-01-01 was a Thursday (index 4 from Sunday).
        let weekday = (days % 7 + 7 + 4) % 7

        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        append(weekdays, at: weekday * 3, into: &bytes)
        bytes.append(contentsOf: [0x2C, 0x20])  // ", "
        appendDigits(day, width: 2, into: &bytes)
        bytes.append(0x20)
        append(months, at: (month - 1) * 3, into: &bytes)
        bytes.append(0x20)
        appendDigits(year, width: 4, into: &bytes)
        bytes.append(0x20)
        appendDigits(secondOfDay / 3600, width: 2, into: &bytes)
        bytes.append(0x3A)
        appendDigits(secondOfDay % 3600 / 60, width: 2, into: &bytes)
        bytes.append(0x3A)
        appendDigits(secondOfDay % 60, width: 2, into: &bytes)
        bytes.append(contentsOf: [0x20, 0x47, 0x4D, 0x54])  // " GMT"
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to a proleptic Gregorian date.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func append(_ table: StaticString, at offset: Int, into bytes: inout [UInt8]) {
        let start = table.utf8Start
        bytes.append(contentsOf: UnsafeBufferPointer(start: start + offset, count: 3))
    }

    private static func appendDigits(_ value: Int, width: Int, into bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        let value = max(0, value)
        // Fixed width, zero padded; wider values keep all their digits.
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(0x30 + value / divisor % 10))
            divisor /= 10
        }
    }
}
