import FuzzSupport
import Locking
@testable import Toggles

// Variant weights over the whole `Int` range: they come from files, toggle servers and the
// toggles cache, and a sum past `Int.max` must be refused at load, never trap. The input
// is read as records of 9 bytes: a flag byte (bit 0: the variant belongs to the strategy, not
// the feature; bits 1-2: its stickiness) and a little-endian `Int` weight. Invariants:
// - as a document (`ToggleState.parse`, the path of files, servers and the cache), a state is
//   refused with `.unevaluable` naming the toggle exactly when the positive weights of one
//   variant set add past `Int.max` (summed here in `Int128`), and accepted otherwise;
// - an accepted state, and the same variants built in code (never loaded, so never checked),
//   evaluate for every context without trapping: a variant is given exactly when the strategy's
//   set or else the feature's has a positive total that fits in an `Int`, and it is one of that
//   set's variants with a positive weight.

let maxVariants = 64
let stickinesses = ["default", "userId", "sessionId", "random"]

struct Input {
    var feature: [Variant] = []
    var strategy: [Variant] = []
}

func read(_ bytes: [UInt8]) -> Input {
    var input = Input()
    var offset = 0
    while offset + 9 <= bytes.count, input.feature.count + input.strategy.count < maxVariants {
        let flags = bytes[offset]
        var raw: UInt64 = 0
        for index in 0..<8 { raw |= UInt64(bytes[offset + 1 + index]) << (8 * UInt64(index)) }
        let variant = Variant(
            name: "v\(input.feature.count + input.strategy.count)", weight: Int(truncatingIfNeeded: raw),
            stickiness: stickinesses[Int(flags >> 1) & 3])
        if flags & 1 == 0 { input.feature.append(variant) } else { input.strategy.append(variant) }
        offset += 9
    }
    return input
}

/// The positive weights' sum, computed where it cannot overflow.
func exactTotal(_ variants: [Variant]) -> Int128 {
    variants.reduce(Int128(0)) { $0 + Int128(max(0, $1.weight)) }
}

func fits(_ variants: [Variant]) -> Bool { exactTotal(variants) <= Int128(Int.max) }

func document(_ input: Input) -> [UInt8] {
    func variants(_ list: [Variant]) -> String {
        "[" + list.map { "{\"name\":\"\($0.name)\",\"weight\":\($0.weight),\"stickiness\":\"\($0.stickiness ?? "default")\"}" }
            .joined(separator: ",") + "]"
    }
    let strategy = "{\"name\":\"default\",\"parameters\":{\"groupId\":\"g\"},\"variants\":\(variants(input.strategy))}"
    return Array("{\"version\":2,\"features\":[{\"name\":\"x\",\"enabled\":true,\"strategies\":[\(strategy)],\"variants\":\(variants(input.feature))}]}".utf8)
}

let contexts = [
    ToggleContext(),
    ToggleContext(userId: "7"),
    ToggleContext(sessionId: "s-1"),
    ToggleContext(userId: "9223372036854775807", sessionId: "x", remoteAddress: "10.0.0.1"),
]

func environment() -> EvaluationEnvironment {
    EvaluationEnvironment(now: 1_700_000_000, random: { max(1, $0 / 3) })
}

/// The set evaluation draws from: the strategy's variants when their total is positive and
/// fits, else the feature's on the same terms, else none (no variant).
func expectedSet(_ input: Input) -> [Variant]? {
    [input.strategy, input.feature].first { set in
        let total = exactTotal(set)
        return total > 0 && total <= Int128(Int.max)
    }
}

/// Evaluates `state`'s one feature for every context.
func checkEvaluation(_ state: ToggleState, _ input: Input) {
    let expected = expectedSet(input)
    for context in contexts {
        let result = ToggleEvaluator(state: state, environment: environment()).variant("x", context: context)
        invariant(result.featureEnabled, "the feature is on for every context")
        guard let expected else {
            invariant(!result.enabled, "variant \(result.name) from sets without a usable total weight")
            continue
        }
        invariant(result.enabled, "no variant, though a set has a positive total weight")
        invariant(
            expected.contains { $0.weight > 0 && UTF8Key($0.name) == UTF8Key(result.name) },
            "\(result.name) is not a variant with weight of the set evaluation draws from")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToggleWeights(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = read(Array(UnsafeBufferPointer(start: start, count: count)))
    let evaluable = fits(input.feature) && fits(input.strategy)
    do {
        let state = try ToggleState.parse(document(input))
        invariant(evaluable, "a state whose weights overflow was accepted")
        checkEvaluation(state, input)
    } catch {
        invariant(!evaluable, "an evaluable state was refused: \(error)")
        invariant(error == .unevaluable(toggle: "x", reason: "its variants' weights add up past \(Int.max)"), "\(error)")
    }
    // Built in code: never loaded, never checked, and still no trap.
    checkEvaluation(ToggleState(features: [
        Feature(name: "x", enabled: true, strategies: [Strategy(name: "default", variants: input.strategy)], variants: input.feature)
    ]), input)
    return 0
}

@main
enum FuzzToggleWeights {
    static func main() { runLibFuzzer(fuzzToggleWeights) }
}
