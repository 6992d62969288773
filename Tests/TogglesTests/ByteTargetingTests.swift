import Testing

@testable import Toggles

/// Targeting compares UTF-8 bytes: the NFD spelling of an NFC-targeted id is
/// another user to the stores and to Unleash's own SDKs, and must not get
/// that user's toggles (`String`'s `==` takes the two as one).
@Suite struct ByteTargetingTests {
    static let nfc = "Jos\u{E9}"
    static let nfd = "Jose\u{301}"

    func enabled(_ strategy: Strategy, for context: ToggleContext) -> Bool {
        let state = ToggleState(features: [Feature(name: "f", enabled: true, strategies: [strategy])])
        return ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0)).isEnabled("f", context: context)
    }

    @Test func theSpellingsAreOneStringToSwiftButNotToTheStores() {
        #expect(Self.nfc == Self.nfd)
        #expect(Array(Self.nfc.utf8) != Array(Self.nfd.utf8))
    }

    @Test func userWithIdMatchesTheTargetedBytesOnly() {
        let strategy = Strategy(name: "userWithId", parameters: ["userIds": "7, \(Self.nfc)"])
        #expect(enabled(strategy, for: ToggleContext(userId: Self.nfc)))
        #expect(!enabled(strategy, for: ToggleContext(userId: Self.nfd)))
    }

    @Test(arguments: [ConstraintOperator.in, .strContains, .strStartsWith, .strEndsWith])
    func stringConstraintsCompareBytes(_ operator: ConstraintOperator) {
        let constraint = Constraint(contextName: "userId", operator: `operator`, values: [Self.nfc])
        let strategy = Strategy(name: "default", constraints: [constraint])
        #expect(enabled(strategy, for: ToggleContext(userId: Self.nfc)), "\(`operator`)")
        #expect(!enabled(strategy, for: ToggleContext(userId: Self.nfd)), "\(`operator`)")
    }

    @Test func caseInsensitiveConstraintsStillCompareBytes() {
        let constraint = Constraint(contextName: "name", operator: .strStartsWith, values: ["JOS\u{C9}"], caseInsensitive: true)
        let strategy = Strategy(name: "default", constraints: [constraint])
        #expect(enabled(strategy, for: ToggleContext(properties: ["name": "jos\u{E9} garcia"])))
        #expect(!enabled(strategy, for: ToggleContext(properties: ["name": "jose\u{301} garcia"])))
    }

    @Test func notInLetsTheOtherSpellingThrough() {
        let constraint = Constraint(contextName: "userId", operator: .notIn, values: [Self.nfc])
        let strategy = Strategy(name: "default", constraints: [constraint])
        #expect(!enabled(strategy, for: ToggleContext(userId: Self.nfc)))
        #expect(enabled(strategy, for: ToggleContext(userId: Self.nfd)))
    }

    @Test func propertiesAreKeyedByBytes() {
        let constraint = Constraint(contextName: "r\u{E9}gion", operator: .in, values: ["eu"])
        let strategy = Strategy(name: "default", constraints: [constraint])
        #expect(enabled(strategy, for: ToggleContext(properties: ["r\u{E9}gion": "eu"])))
        #expect(!enabled(strategy, for: ToggleContext(properties: ["re\u{301}gion": "eu"])))
    }

    @Test func variantOverridesCompareBytes() {
        let variants = [
            Variant(name: "plain", weight: 1000),
            Variant(name: "special", weight: 0, overrides: [VariantOverride(contextName: "userId", values: [Self.nfc])]),
        ]
        let state = ToggleState(features: [Feature(name: "f", enabled: true, variants: variants)])
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0))
        #expect(evaluator.variant("f", context: ToggleContext(userId: Self.nfc)).name == "special")
        #expect(evaluator.variant("f", context: ToggleContext(userId: Self.nfd)).name == "plain")
    }

    @Test func featureNamesAreBytes() {
        let state = ToggleState(features: [
            Feature(name: Self.nfc, enabled: true), Feature(name: Self.nfd, enabled: false),
        ])
        #expect(state.features.count == 2)
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0))
        #expect(evaluator.isEnabled(Self.nfc, context: ToggleContext()))
        #expect(!evaluator.isEnabled(Self.nfd, context: ToggleContext()))
    }
}
