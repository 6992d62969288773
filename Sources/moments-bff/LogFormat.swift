/// `--log-format text|json` [LOG_FORMAT]: how every line on standard error
/// is written. `text` (the default) is for people (`LogLine`); `json` is one
/// object per line for log shippers (`JSONLogLine`). Both escape whatever a
/// client sent, so no value can end a line or forge a field.
enum LogFormat: String, CaseIterable, Sendable {
    case text, json

    static func resolve(_ option: String?) throws -> LogFormat {
        try resolveSetting(option, "--log-format", "LOG_FORMAT", default: .text)
    }
}
