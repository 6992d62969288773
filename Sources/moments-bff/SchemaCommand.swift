import ArgumentParser
import GraphQL
import Moments
import MomentsAPI

/// `moments-bff schema`: prints the served schema as SDL.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the GraphQL schema (SDL) the server serves."
    )

    func run() throws {
        print(printSchema(MomentsSchema.schema), terminator: "")
    }
}
