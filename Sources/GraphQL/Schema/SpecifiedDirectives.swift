import JSON

/// The directives every schema has (spec §3.13).
package enum SpecifiedDirectives {
    package static let include = DirectiveDefinition(
        name: "include",
        description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
        locations: [.field, .fragmentSpread, .inlineFragment],
        arguments: [InputValueDefinition(name: "if", description: "Included when true.", type: .nonNull(.named("Boolean")))]
    )
    package static let skip = DirectiveDefinition(
        name: "skip",
        description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
        locations: [.field, .fragmentSpread, .inlineFragment],
        arguments: [InputValueDefinition(name: "if", description: "Skipped when true.", type: .nonNull(.named("Boolean")))]
    )
    package static let deprecated = DirectiveDefinition(
        name: "deprecated",
        description: "Marks an element of a GraphQL schema as no longer supported.",
        locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue],
        arguments: [
            InputValueDefinition(
                name: "reason",
                description: "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
                type: .named("String"),
                defaultValue: .string("No longer supported")
            )
        ]
    )
    package static let specifiedBy = DirectiveDefinition(
        name: "specifiedBy",
        description: "Exposes a URL that specifies the behavior of this scalar.",
        locations: [.scalar],
        arguments: [
            InputValueDefinition(name: "url", description: "The URL that specifies the behavior of this scalar.", type: .nonNull(.named("String")))
        ]
    )

    package static let all: [DirectiveDefinition] = [include, skip, deprecated, specifiedBy]
}
