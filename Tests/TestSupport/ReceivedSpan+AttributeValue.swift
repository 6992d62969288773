import Foundation

extension ReceivedSpan {
    /// An OTLP `AnyValue` as `otlp-receiver.py` prints it: bytes come as a hex
    /// string, a non-finite double as "nan", "inf" or "-inf", an empty value
    /// as `null`.
    package indirect enum AttributeValue: Sendable, Hashable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array([AttributeValue])
        /// A `kvlist_value`.
        case object([String: AttributeValue])
        case null

        /// From what JSONSerialization made of the line. Not `Decodable`: JSONDecoder
        /// reads `1.0` as an Int when asked, so a double attribute of 1.0 would
        /// come out `.int(1)`; JSONSerialization's NSNumber remembers "d".
        init?(json: Any) {
            switch json {
            case let string as String: self = .string(string)
            case let number as NSNumber:
                switch String(cString: number.objCType) {
                case "c", "B": self = .bool(number.boolValue)  // JSONSerialization's true/false; it never makes a char
                case "d", "f": self = .double(number.doubleValue)
                default: self = .int(number.intValue)
                }
            case let array as [Any]:
                let values = array.compactMap(AttributeValue.init(json:))
                guard values.count == array.count else { return nil }
                self = .array(values)
            case let object as [String: Any]:
                guard let values = AttributeValue.attributes(json: object) else { return nil }
                self = .object(values)
            case is NSNull: self = .null
            default: return nil
            }
        }

        static func attributes(json: Any?) -> [String: AttributeValue]? {
            guard let object = json as? [String: Any] else { return nil }
            var values: [String: AttributeValue] = [:]
            for (key, value) in object {
                guard let converted = AttributeValue(json: value) else { return nil }
                values[key] = converted
            }
            return values
        }
    }
}

extension ReceivedSpan.AttributeValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: ReceivedSpan.AttributeValue...) { self = .array(elements) }
}
