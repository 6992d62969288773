import JSON
import Locking

extension TrustedDocuments {
    /// Why a manifest was refused at startup; `description` names the problem.
    package struct ManifestError: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// Largest manifest file read. Apollo iOS writes about 1 KB per operation
    /// (its body and a line of JSON), so 16 MiB is thousands of operations.
    package static let maxManifestBytes = 16 << 20
    /// Most operations one manifest may list.
    package static let maxOperations = 10_000

    /// Reads a manifest's JSON: `{"format": "apollo-persisted-query-manifest",
    /// "version": 1, "operations": [{"id", "name", "type", "body"}]}`, each id
    /// the SHA-256 hex of its body (how Apollo's tools compute it, and how a
    /// client's APQ hash is computed: one id for both). Unknown members are
    /// ignored; an id listed twice must have the same body.
    package static func load(json bytes: [UInt8]) throws(ManifestError) -> TrustedDocuments {
        guard bytes.count <= maxManifestBytes else {
            throw ManifestError("the manifest is larger than \(maxManifestBytes) bytes")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 8, maxBytes: maxManifestBytes))
        } catch {
            throw ManifestError("the manifest is not valid JSON (\(error))")
        }
        guard case .object(let manifest) = json else { throw ManifestError("the manifest must be a JSON object") }
        guard case .string("apollo-persisted-query-manifest")? = manifest["format"] else {
            throw ManifestError("'format' must be \"apollo-persisted-query-manifest\"")
        }
        guard case .int(1)? = manifest["version"] else { throw ManifestError("'version' must be 1") }
        guard case .array(let list)? = manifest["operations"] else { throw ManifestError("'operations' must be an array") }
        guard list.count <= maxOperations else { throw ManifestError("more than \(maxOperations) operations") }

        var operations: [Operation] = []
        var seen: [UTF8Key: String] = [:]
        for (index, item) in list.enumerated() {
            let operation = try readOperation(item, index: index)
            if let body = seen[UTF8Key(operation.id)] {
                guard UTF8Key(body) == UTF8Key(operation.body) else {
                    throw ManifestError("operations[\(index)]: id listed twice with different bodies")
                }
                continue
            }
            seen[UTF8Key(operation.id)] = operation.body
            operations.append(operation)
        }
        return TrustedDocuments(checked: operations)
    }

    private static func readOperation(_ item: JSONValue, index: Int) throws(ManifestError) -> Operation {
        let at = "operations[\(index)]"
        guard case .object(let object) = item else { throw ManifestError("\(at) must be an object") }
        guard case .string(let id)? = object["id"] else { throw ManifestError("\(at).id must be a string") }
        guard case .string(let name)? = object["name"] else { throw ManifestError("\(at).name must be a string") }
        guard case .string(let typeName)? = object["type"], let type = Operation.Kind(rawValue: typeName) else {
            throw ManifestError("\(at).type must be \"query\", \"mutation\" or \"subscription\"")
        }
        guard case .string(let body)? = object["body"] else { throw ManifestError("\(at).body must be a string") }
        guard UTF8Key(sha256Hex(body)) == UTF8Key(id) else {
            throw ManifestError("\(at) ('\(name.prefix(64))'): id is not the SHA-256 of its body")
        }
        return Operation(id: id, name: name, type: type, body: body)
    }

    /// The manifest listing `operations`, as Apollo's tools write it (same
    /// members in the same order, ids computed here).
    package static func manifest(_ operations: [(name: String, type: Operation.Kind, body: String)]) -> [UInt8] {
        let list: [JSONValue] = operations.map { operation in
            .object([
                "id": .string(sha256Hex(operation.body)), "name": .string(operation.name),
                "type": .string(operation.type.rawValue), "body": .string(operation.body),
            ])
        }
        var bytes: [UInt8] = []
        JSONWriter.write(
            .object(["format": "apollo-persisted-query-manifest", "version": 1, "operations": .array(list)]), into: &bytes)
        return bytes
    }
}
