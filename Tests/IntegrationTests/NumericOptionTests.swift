import ArgumentParser
import Testing

@testable import moments_bff

/// `NumericOption`: the one range check every numeric option goes through.
@Suite struct NumericOptionTests {
    @Test(arguments: ["1e300", "nan", "inf", "-inf", "-1", "0", "0.0009", "86400.5", "abc", "", "10s"])
    func refusesSecondsOutsideTheRange(_ text: String) {
        #expect {
            try OptionBounds.headerTimeout.resolve(text)
        } throws: { error in
            (error as? ValidationError)?.message
                == "--header-timeout must be between 0.001 and 86400 seconds (got \(text))"
        }
    }

    @Test(arguments: ["99999999999999999999", "-99999999999999999999", "-1", "1073741825", "1.5", "0x10", "1e3", " 1"])
    func refusesIntegersOutsideTheRange(_ text: String) {
        #expect {
            try OptionBounds.maxBodyBytes.resolve(text)
        } throws: { error in
            (error as? ValidationError)?.message
                == "--max-body-bytes must be between 0 and 1073741824 bytes (got \(text))"
        }
    }

    @Test func acceptsTheBoundsAndConvertsSeconds() throws {
        #expect(try OptionBounds.headerTimeout.resolveDuration("0.001") == .milliseconds(1))
        #expect(try OptionBounds.headerTimeout.resolveDuration("86400") == .seconds(86_400))
        #expect(try OptionBounds.headerTimeout.resolveDuration("1.5") == .milliseconds(1_500))
        #expect(try OptionBounds.maxBodyBytes.resolve("0") == 0)
        #expect(try OptionBounds.maxBodyBytes.resolve("+1024") == 1_024)
        #expect(try OptionBounds.maxBodyBytes.resolve("1073741824") == 1 << 30)
    }

    @Test func refusedTextIsEscapedAndShort() {
        #expect {
            try OptionBounds.port.resolve("1\n\u{1b}[2J" + String(repeating: "9", count: 100))
        } throws: { error in
            (error as? ValidationError)?.message
                == #"--port must be between 0 and 65535 (got 1\n\u{1b}[2J"# + String(repeating: "9", count: 52) + "...[48 more bytes])"
        }
    }

    @Test func everyDefaultIsInItsRange() {
        for option in OptionBounds.integers {
            #expect(option.range.contains(option.defaultValue), "\(option.flag)")
        }
        for option in OptionBounds.durations {
            #expect(option.range.contains(option.defaultValue), "\(option.flag)")
        }
    }

    @Test func helpNamesTheEnvironmentRangeAndDefault() {
        #expect(OptionBounds.headerTimeout.help("Seconds.").abstract
            == "Seconds. [HEADER_TIMEOUT] (0.001 to 86400 seconds; default: 10)")
        #expect(OptionBounds.users.help("Users.").abstract == "Users. (1 to 1000000; default: 1000)")
    }
}
