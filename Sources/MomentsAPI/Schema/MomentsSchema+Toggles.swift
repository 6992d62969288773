import GraphQL
import JSON

/// Remote toggles in the schema (docs/api.md, "Feature toggles"): additive,
/// the timeline and like operations do not see them.
extension MomentsSchema {
    // featureToggles(userID: ID): [FeatureToggle!]!
    static let featureTogglesField = FieldDefinition(
        name: "featureToggles",
        description: """
            Every remote toggle, evaluated for this request as an Unleash SDK would: userId from `userID`, \
            sessionId from the x-session-id header, remoteAddress the client's address, and the properties \
            appVersion, platform and osVersion from the x-app-version, x-app-platform and x-os-version headers.
            """,
        arguments: [
            InputValueDefinition(
                name: "userID",
                description: "The user to evaluate for (gradual rollouts and userWithId); omitted, the token's subject when authentication is on, else no userId.",
                type: .named("ID")),
        ],
        type: .nonNull(.list(.nonNull(.named("FeatureToggle")))),
        resolve: { _, arguments, info in
            let context = try cast(info.context, as: MomentsContext.self)
            // With authentication on, the token's subject: another userID is FORBIDDEN.
            var userID = try context.checkedViewerID()
            if case .string(let text)? = arguments["userID"] {
                let id = try MomentsID.checked(text, argument: "`userID`")
                try context.authorize(userID: id)
                userID = id
            }
            // The answer depends on headers and the client's address: never cached.
            context.evaluatedToggles = true
            return .nodes(context.services.toggles.evaluate(for: context.toggleRequest, userID: userID))
        }
    )

    // type FeatureToggle { name: String! enabled: Boolean! variant: ToggleVariant }
    static let featureToggleType = ObjectType(name: "FeatureToggle", description: "A remote toggle and how it evaluates for this request.", fields: [
        FieldDefinition(
            name: "name",
            description: "The toggle's name, as in Unleash (e.g. `isLikeButtonForMomentEnabled`).",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: FeatureToggleNode.self).name))
        },
        FieldDefinition(
            name: "enabled",
            description: "Whether the toggle is on for this request's context.",
            type: .nonNull(.named("Boolean"))
        ) { (source: AnyObject) in
            .leaf(.bool(try node(source, as: FeatureToggleNode.self).enabled))
        },
        FieldDefinition(
            name: "variant",
            description: "The variant this context gets; null when the toggle is off or has no variant for it.",
            type: .named("ToggleVariant")
        ) { (source: AnyObject) in
            if let variant = try node(source, as: FeatureToggleNode.self).variant { .node(ToggleVariantNode(variant)) } else { .null }
        },
    ])

    // type ToggleVariant { name: String! enabled: Boolean! payload: String }
    static let toggleVariantType = ObjectType(name: "ToggleVariant", description: "A variant of a remote toggle, for A/B tests and configuration.", fields: [
        FieldDefinition(
            name: "name",
            description: "The variant's name.",
            type: .nonNull(.named("String"))
        ) { (source: AnyObject) in
            .leaf(.string(try node(source, as: ToggleVariantNode.self).variant.name))
        },
        FieldDefinition(
            name: "enabled",
            description: "Whether the variant is enabled (always true for a variant a toggle gives).",
            type: .nonNull(.named("Boolean"))
        ) { (source: AnyObject) in
            .leaf(.bool(try node(source, as: ToggleVariantNode.self).variant.enabled))
        },
        FieldDefinition(
            name: "payload",
            description: "The variant's payload value as text (a string, JSON, CSV or number, as set in Unleash); null when it has none.",
            type: .named("String")
        ) { (source: AnyObject) in
            if let payload = try node(source, as: ToggleVariantNode.self).variant.payload { .leaf(.string(payload.value)) } else { .null }
        },
    ])
}
