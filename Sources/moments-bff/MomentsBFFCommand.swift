import ArgumentParser

@main
struct MomentsBFFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moments-bff",
        abstract: "The Moments Backend-for-Frontend: a GraphQL endpoint over HTTP/1.1 and SQLite.",
        discussion: """
            With no subcommand, serves http://HOST:PORT/graphql (see `moments-bff serve --help`).
            Options can also be set by the environment variable named in their help.
            """,
        subcommands: [ServeCommand.self, SchemaCommand.self, SeedCommand.self, CopyCommand.self, TogglesCommand.self, ManifestCommand.self, TokenCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
