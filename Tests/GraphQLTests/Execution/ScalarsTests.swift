import JSON
import Testing

@testable import GraphQL

struct ScalarCase: Sendable, CustomTestStringConvertible {
    var name: String
    var scalar: String
    var input: JSONValue
    /// Literal source text, for literal cases.
    var literal: String = ""
    var expected: CoercionOutcome
    var testDescription: String { name }
}

enum CoercionOutcome: Sendable, Equatable {
    case success(JSONValue)
    case failure(String)

    init(_ body: () throws(CoercionError) -> JSONValue) {
        do { self = .success(try body()) } catch { self = .failure(error.message) }
    }
}

/// Spec §3.5 scalar coercion. Expected values: graphql-core 3.2.8
/// `GraphQLInt.serialize(...)`, `.parse_value(...)`, `.parse_literal(parse_value(...))`
/// with messages quoted as graphql-js `inspect` does (graphql-core uses `repr`).
struct ScalarsTests {
    static func scalar(_ name: String) -> ScalarType {
        BuiltInScalars.all.first { $0.name == name } ?? ScalarType(name: name)
    }

    static let serializeCases: [ScalarCase] = [
        ScalarCase(name: "intFromBool", scalar: "Int", input: true, expected: .success(1)),
        ScalarCase(name: "intFromIntegralDouble", scalar: "Int", input: 1.0, expected: .success(1)),
        ScalarCase(name: "intFromNumericString", scalar: "Int", input: "12", expected: .success(12)),
        ScalarCase(name: "intOutOfRange", scalar: "Int", input: 2_147_483_648, expected: .failure("Int cannot represent non 32-bit signed integer value: 2147483648")),
        ScalarCase(name: "intFromFraction", scalar: "Int", input: 1.5, expected: .failure("Int cannot represent non-integer value: 1.5")),
        ScalarCase(name: "floatFromBool", scalar: "Float", input: true, expected: .success(1)),
        ScalarCase(name: "floatFromString", scalar: "Float", input: "1.5", expected: .success(1.5)),
        ScalarCase(name: "stringFromBool", scalar: "String", input: true, expected: .success("true")),
        ScalarCase(name: "stringFromDouble", scalar: "String", input: 1.5, expected: .success("1.5")),
        ScalarCase(name: "stringFromInt", scalar: "String", input: 7, expected: .success("7")),
        ScalarCase(name: "booleanFromZero", scalar: "Boolean", input: 0, expected: .success(false)),
        ScalarCase(name: "booleanFromDouble", scalar: "Boolean", input: 2.5, expected: .success(true)),
        ScalarCase(name: "booleanFromString", scalar: "Boolean", input: "true", expected: .failure(#"Boolean cannot represent a non boolean value: "true""#)),
        ScalarCase(name: "idFromInt", scalar: "ID", input: 5, expected: .success("5")),
        ScalarCase(name: "idFromFraction", scalar: "ID", input: 1.5, expected: .failure("ID cannot represent value: 1.5")),
        ScalarCase(name: "idFromBool", scalar: "ID", input: true, expected: .failure("ID cannot represent value: true")),
    ]

    @Test(arguments: serializeCases)
    func serializesResults(_ testCase: ScalarCase) {
        let result = CoercionOutcome { () throws(CoercionError) in try Self.scalar(testCase.scalar).serialize(testCase.input) }
        #expect(result == testCase.expected)
    }

    static let literalCases: [ScalarCase] = [
        ScalarCase(name: "intFromString", scalar: "Int", input: nil, literal: #""1""#, expected: .failure(#"Int cannot represent non-integer value: "1""#)),
        ScalarCase(name: "intOutOfRange", scalar: "Int", input: nil, literal: "2147483648", expected: .failure("Int cannot represent non 32-bit signed integer value: 2147483648")),
        ScalarCase(name: "intFromFloatLiteral", scalar: "Int", input: nil, literal: "1.0", expected: .failure("Int cannot represent non-integer value: 1.0")),
        ScalarCase(name: "floatFromInt", scalar: "Float", input: nil, literal: "3", expected: .success(3.0)),
        ScalarCase(name: "floatFromBoolean", scalar: "Float", input: nil, literal: "true", expected: .failure("Float cannot represent non numeric value: true")),
        ScalarCase(name: "stringFromInt", scalar: "String", input: nil, literal: "1", expected: .failure("String cannot represent a non string value: 1")),
        ScalarCase(name: "booleanFromString", scalar: "Boolean", input: nil, literal: #""true""#, expected: .failure(#"Boolean cannot represent a non boolean value: "true""#)),
        ScalarCase(name: "idFromInt", scalar: "ID", input: nil, literal: "12", expected: .success("12")),
        ScalarCase(name: "idFromFloat", scalar: "ID", input: nil, literal: "1.5", expected: .failure("ID cannot represent a non-string and non-integer value: 1.5")),
        ScalarCase(name: "idFromBoolean", scalar: "ID", input: nil, literal: "true", expected: .failure("ID cannot represent a non-string and non-integer value: true")),
    ]

    @Test(arguments: literalCases)
    func coercesLiterals(_ testCase: ScalarCase) throws {
        let literal = try parseValue(testCase.literal)
        let result = CoercionOutcome { () throws(CoercionError) in
            try Self.scalar(testCase.scalar).coerceLiteral(literal, variables: JSONObject())
        }
        #expect(result == testCase.expected)
    }

    static let inputCases: [ScalarCase] = [
        ScalarCase(name: "intFromIntegralDouble", scalar: "Int", input: 1.0, expected: .success(1)),
        ScalarCase(name: "intFromString", scalar: "Int", input: "4", expected: .failure(#"Int cannot represent non-integer value: "4""#)),
        ScalarCase(name: "floatFromInt", scalar: "Float", input: 3, expected: .success(3.0)),
        ScalarCase(name: "floatFromString", scalar: "Float", input: "3", expected: .failure(#"Float cannot represent non numeric value: "3""#)),
        ScalarCase(name: "stringFromInt", scalar: "String", input: 1, expected: .failure("String cannot represent a non string value: 1")),
        ScalarCase(name: "booleanFromInt", scalar: "Boolean", input: 1, expected: .failure("Boolean cannot represent a non boolean value: 1")),
        ScalarCase(name: "idFromInt", scalar: "ID", input: 42, expected: .success("42")),
        ScalarCase(name: "idFromList", scalar: "ID", input: ["1"], expected: .failure(#"ID cannot represent value: ["1"]"#)),
        ScalarCase(name: "customPassesThrough", scalar: "Timestamp", input: ["any": [1]], expected: .success(["any": [1]])),
    ]

    @Test(arguments: inputCases)
    func coercesVariableValues(_ testCase: ScalarCase) {
        let result = CoercionOutcome { () throws(CoercionError) in try Self.scalar(testCase.scalar).coerceInputValue(testCase.input) }
        #expect(result == testCase.expected)
    }
}
