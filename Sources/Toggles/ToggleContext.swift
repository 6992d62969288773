import JSON
import Locking

/// The Unleash context one evaluation runs for.
package struct ToggleContext: Sendable, Equatable {
    package var userId: String?
    package var sessionId: String?
    package var remoteAddress: String?
    /// Unleash SDKs default the environment to `default`.
    package var environment: String
    package var appName: String?
    /// RFC 3339; `nil` means the evaluator's clock.
    package var currentTime: String?
    /// Keyed by bytes, as constraints name them: `appVersion` spelled two ways is two properties.
    package var properties: [UTF8Key: String]

    package init(
        userId: String? = nil, sessionId: String? = nil, remoteAddress: String? = nil,
        environment: String = "default", appName: String? = nil, currentTime: String? = nil,
        properties: [UTF8Key: String] = [:]
    ) {
        self.userId = userId
        self.sessionId = sessionId
        self.remoteAddress = remoteAddress
        self.environment = environment
        self.appName = appName
        self.currentTime = currentTime
        self.properties = properties
    }

    /// The specification's context object: the standard fields at the top
    /// level, anything else under `properties`. Nulls count as absent.
    package init(json: JSONValue) {
        self.init()
        guard case .object(let object) = json else { return }
        userId = object["userId"]?.scalarText
        sessionId = object["sessionId"]?.scalarText
        remoteAddress = object["remoteAddress"]?.scalarText
        environment = object["environment"]?.scalarText ?? "default"
        appName = object["appName"]?.scalarText
        currentTime = object["currentTime"]?.scalarText
        if case .object(let properties)? = object["properties"] {
            for member in properties.members {
                if let text = member.value.scalarText { self.properties[UTF8Key(member.key)] = text }
            }
        }
    }

    /// A field by the name constraints and stickiness use: the standard
    /// fields first, then properties.
    package func value(of field: String) -> String? {
        switch field {
        case "userId": userId
        case "sessionId": sessionId
        case "remoteAddress": remoteAddress
        case "environment": environment
        case "appName": appName
        case "currentTime": currentTime
        default: properties[UTF8Key(field)]
        }
    }
}
