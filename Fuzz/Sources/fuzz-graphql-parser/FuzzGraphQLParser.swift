import FuzzSupport
@testable import GraphQL

// The GraphQL lexer and parser over arbitrary text (invalid UTF-8 replaced, as every query
// reaches the engine as a Swift String). Invariants:
// - lexer: tokens move forward and stay within the source, each non-empty but EOF, with
//   line and column ≥ 1; at most one token per byte; it ends at EOF or a syntax error;
// - errors: one `GRAPHQL_PARSE_FAILED` error whose message starts "Syntax Error" and whose
//   one location lies within the document;
// - every AST location lies within the document;
// - print(parse(print(d))) == print(d) for executable documents, and every value literal
//   reads back as the same value from its printed form (`Value.printed` is what
//   OverlappingFieldsCanBeMergedRule compares arguments by, so it must not merge two values);
// - limits are monotonic: what parses under tight limits parses the same under the defaults,
//   and what the defaults reject the tight limits reject.

let defaultLimits = ParseLimits()
let tightLimits = ParseLimits(maxDocumentBytes: 2_000, maxTokens: 64, maxDepth: 6)
/// For reading printed text back: printing adds tokens (`query` for a shorthand operation).
let looseLimits = ParseLimits(maxDocumentBytes: 1 << 20, maxTokens: 1 << 20, maxDepth: 64)

func checkSyntaxError(_ error: GraphQLError, in text: String) {
    invariant(error.code == .parseFailed, "code \(error.code) for \(error.message)")
    invariant(error.message.hasPrefix("Syntax Error"), "message \(error.message.debugDescription)")
    invariant(error.locations.count == 1, "\(error.locations.count) locations for \(error.message)")
    checkLocation(error.locations[0], in: text)
}

func checkLocation(_ location: SourceLocation, in text: String) {
    let count = text.utf8.count
    invariant(
        location.line >= 1 && location.column >= 1 && location.offset >= 0 && location.offset <= count,
        "location \(location) outside \(count) bytes")
}

func lex(_ text: String) {
    var lexer = Lexer(source: Source(text))
    let count = text.utf8.count
    var previousEnd = 0
    for _ in 0...(count + 1) {
        let token: Token
        do {
            token = try lexer.next()
        } catch {
            checkSyntaxError(error, in: text)
            return
        }
        invariant(token.start >= previousEnd && token.end <= count, "token \(token.start)..<\(token.end) after \(previousEnd)")
        invariant(token.line >= 1 && token.column >= 1, "token at line \(token.line) column \(token.column)")
        if token.kind == .eof {
            invariant(token.start == count, "EOF at \(token.start) of \(count)")
            return
        }
        invariant(token.end > token.start, "empty \(token.kind) token at \(token.start)")
        previousEnd = token.end
    }
    fail("more tokens than bytes")
}

/// Open finding (Fuzz/Findings/graphql-parser-block-string-form-feed): `BlockString.print`
/// splits lines at every Unicode newline (Swift's `isNewline`, like graphql-core's
/// `splitlines()`), but GraphQL ends lines only at CR and LF. A block string with a form feed,
/// vertical tab, U+0085, U+2028 or U+2029 and a leading space prints as a multi-line block
/// whose common indentation then strips that space: the printed text means another value.
/// Skipped here until it is settled, so that the target keeps looking for other bugs.
func hasOpenPrinterFinding(_ value: Value) -> Bool {
    switch value {
    case .string(let string, let block, _):
        block && string.unicodeScalars.contains { [0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains($0.value) }
    case .list(let values, _): values.contains(where: hasOpenPrinterFinding)
    case .object(let fields, _): fields.contains { hasOpenPrinterFinding($0.value) }
    default: false
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    lex(text)

    let document: Document
    do {
        document = try parse(text, limits: defaultLimits)
    } catch {
        checkSyntaxError(error, in: text)
        do {
            _ = try parse(text, limits: tightLimits)
            fail("tight limits accepted what the defaults rejected: \(error.message)")
        } catch {
            checkSyntaxError(error, in: text)
        }
        return 0
    }
    var printer = DocumentPrinter()
    printer.print(document)
    for location in printer.locations + printer.values.flatMap(locations(in:)) {
        checkLocation(location, in: text)
    }

    do {
        let tight = try parse(text, limits: tightLimits)
        var tightPrinter = DocumentPrinter()
        tightPrinter.print(tight)
        invariant(tightPrinter.text == printer.text, "the document depends on the limits")
    } catch {
        checkSyntaxError(error, in: text)
    }

    for value in printer.values where !hasOpenPrinterFinding(value) {
        do {
            let reread = try parseValue(value.printed, limits: looseLimits)
            invariant(dump(reread) == dump(value), "\(dump(value)) printed as \(value.printed) reads back as \(dump(reread))")
        } catch {
            fail("printed value \(value.printed.debugDescription) does not parse: \(error.message)")
        }
    }

    let executableOnly = document.definitions.allSatisfy { if case .typeSystem = $0 { false } else { true } }
    guard executableOnly, !printer.values.contains(where: hasOpenPrinterFinding) else { return 0 }
    do {
        var again = DocumentPrinter()
        again.print(try parse(printer.text, limits: looseLimits))
        invariant(again.text == printer.text, "printed document reads back differently:\n\(printer.text)\n\(again.text)")
    } catch {
        fail("printed document does not parse: \(error.message)\n\(printer.text)")
    }
    return 0
}

@main
enum FuzzGraphQLParser {
    static func main() { runLibFuzzer(fuzzGraphQLParser) }
}
