import ArgumentParser
import MomentsAPI

/// `moments-bff manifest`: the persisted query manifest of the app's two
/// operations, for `--trusted-documents` (docs/api.md, "Trusted documents").
struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Print the persisted query manifest (apollo-persisted-query-manifest) of the app's two operations."
    )

    func run() throws {
        let manifest = TrustedDocuments.manifest([
            ("getMomentsDetailsByUserID", .query, AppDocuments.timeline),
            ("updateMomentLike", .mutation, AppDocuments.updateLike),
        ])
        print(String(decoding: manifest, as: UTF8.self))
    }
}
