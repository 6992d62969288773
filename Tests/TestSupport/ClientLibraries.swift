import Foundation

/// The virtual environment of third-party Python libraries that
/// `scripts/client-libraries.sh` makes (gql, httpx-sse, opentelemetry-proto),
/// kept apart from the system's Python because their pins clash with the
/// schema check's. Tests that need it skip without it, unless
/// `MOMENTS_REQUIRE_CLIENT_LIBRARIES=1` (CI) makes that a failure.
package enum ClientLibraries {
    /// Its interpreter; `MOMENTS_CLIENTS_PYTHON` names another.
    package static let python = ProcessInfo.processInfo.environment["MOMENTS_CLIENTS_PYTHON"]
        ?? RepositoryFile.path(".build/client-libraries/bin/python")

    package static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python) }

    /// Set by `.ci/run`, where a skip would hide a broken install.
    package static var isRequired: Bool { ProcessInfo.processInfo.environment["MOMENTS_REQUIRE_CLIENT_LIBRARIES"] == "1" }
}
