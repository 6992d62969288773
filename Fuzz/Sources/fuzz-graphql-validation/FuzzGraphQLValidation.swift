import FuzzSupport
@testable import GraphQL
@testable import MomentsAPI

// What `GraphQLEngine.prepare` does for the app's schema (MomentsSchema.schema) with the
// default limits, without its cache so that every input is validated: parse, then every
// validation rule. Invariants:
// - a parse failure is one GRAPHQL_PARSE_FAILED error with a location in the document;
// - validation errors are GRAPHQL_VALIDATION_FAILED, at most maxValidationErrors plus the
//   "Too many validation errors" one, with every location in the document;
// - the error cap bounds the work and keeps the order: validating with maxErrors 1 gives
//   the full run's first error (then the abort error, if there were more);
// - a valid document holds only executable definitions, operations whose root type the
//   schema has (it has a subscription root since live likes), and names each of
//   its operations so that GetOperation finds it (only a lone operation may be anonymous).

let limits = GraphQLLimits()
let schema = MomentsSchema.schema

func checkLocations(_ error: GraphQLError, in count: Int) {
    for location in error.locations {
        invariant(
            location.line >= 1 && location.column >= 1 && location.offset >= 0 && location.offset <= count,
            "location \(location) outside \(count) bytes: \(error.message)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLValidation(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let byteCount = text.utf8.count
    let document: Document
    do {
        document = try parse(text, limits: limits.parse)
    } catch {
        invariant(error.code == .parseFailed && error.locations.count == 1, "parse error \(error)")
        checkLocations(error, in: byteCount)
        return 0
    }

    let errors = validate(schema: schema, document: document, maxErrors: limits.maxValidationErrors)
    invariant(errors.count <= limits.maxValidationErrors + 1, "\(errors.count) validation errors")
    for error in errors {
        invariant(error.code == .validationFailed, "code \(error.code): \(error.message)")
        invariant(error.path.isEmpty, "validation error with a path: \(error.message)")
        checkLocations(error, in: byteCount)
    }
    let capped = validate(schema: schema, document: document, maxErrors: 1)
    invariant(capped.count <= 2, "\(capped.count) errors with maxErrors 1")
    invariant(capped.first == errors.first, "capped run's first error \(String(describing: capped.first)), full run's \(String(describing: errors.first))")
    guard errors.isEmpty else { return 0 }

    let operations = document.operations
    invariant(!operations.isEmpty, "a valid document without an operation")
    for definition in document.definitions {
        if case .typeSystem(let definition) = definition { fail("a valid document defines \(definition.keyword)") }
    }
    for operation in operations {
        // The schema has a subscription root (live likes): only an operation it has a root for is valid.
        invariant(schema.rootType(for: operation.operation) != nil, "a valid \(operation.operation.rawValue) without its root type")
        guard let name = operation.name else {
            invariant(operations.count == 1, "an anonymous operation among \(operations.count)")
            continue
        }
        do {
            let found = try getOperation(document, named: name.value)
            invariant(found.loc == operation.loc, "GetOperation found another operation named \(name.value)")
        } catch {
            fail("GetOperation failed for \(name.value): \(error.message)")
        }
    }
    return 0
}

@main
enum FuzzGraphQLValidation {
    static func main() { runLibFuzzer(fuzzGraphQLValidation) }
}
