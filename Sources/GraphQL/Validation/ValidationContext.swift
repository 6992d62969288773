/// A variable used somewhere in an operation or fragment, with the input type
/// expected where it appears (graphql-js `VariableUsage`).
struct VariableUsage {
    var name: String
    var loc: SourceLocation
    var type: TypeReference?
    /// Whether the position (an argument) has a default value.
    var hasLocationDefaultValue: Bool
}

/// Shared state of one validation: the schema and document, the position in
/// the walk (`typeInfo`), the collected errors and the error cap, the cost
/// spent, and caches the rules share (graphql-js `ValidationContext`).
final class ValidationContext {
    let schema: Schema
    let document: Document
    let types: KnownTypes
    let typeInfo: TypeInfo
    let maxErrors: Int
    private(set) var errors: [GraphQLError] = []
    private(set) var isAborted = false
    private(set) var cost: ValidationCost
    private let fragmentsByName: [String: FragmentDefinition]
    // Caches keyed by the location of a node's first token, unique within a document.
    private var spreadsBySelectionSet: [SourceLocation: [FragmentSpread]] = [:]
    private var referencedFragmentsByOperation: [SourceLocation: [FragmentDefinition]] = [:]
    private var variableUsagesByDefinition: [SourceLocation: [VariableUsage]] = [:]
    private var variableUsagesByOperation: [SourceLocation: [VariableUsage]] = [:]

    init(schema: Schema, document: Document, maxErrors: Int, maxCost: Int) {
        self.schema = schema
        self.document = document
        self.types = KnownTypes(schema: schema)
        self.typeInfo = TypeInfo(types: types)
        self.maxErrors = maxErrors
        self.cost = ValidationCost(limit: maxCost)
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        self.fragmentsByName = fragments
    }

    /// graphql-js `onError`: past `maxErrors`, one last error and the walk stops.
    func report(_ message: String, at locations: [SourceLocation]) {
        if isAborted { return }
        if errors.count >= maxErrors {
            errors.append(
                GraphQLError(
                    "Too many validation errors, error limit reached. Validation aborted.",
                    code: .validationFailed))
            isAborted = true
            return
        }
        errors.append(GraphQLError(message, locations: locations, code: .validationFailed))
    }

    /// How many more errors can be reported before the walk is aborted (the
    /// last of them is the abort error): a rule that finds errors in bulk may
    /// stop looking after this many, and the result is the same.
    var remainingErrorBudget: Int { isAborted ? 0 : max(0, maxErrors - errors.count) + 1 }

    func report(_ message: String, at location: SourceLocation) { report(message, at: [location]) }

    /// Counts `units` of work that can repeat for one part of the document
    /// (see `ValidationCost`). Over the budget, the errors so far give way to
    /// the one "too complex" error and the walk stops; callers in loops check
    /// the result (or `isAborted`) and return. False also once validation is
    /// aborted for the error cap: there is nothing left to find.
    func spend(_ units: Int) -> Bool {
        if isAborted { return false }
        if cost.spend(units) { return true }
        errors = [cost.tooComplexError]
        isAborted = true
        return false
    }

    func fragment(named name: String) -> FragmentDefinition? { fragmentsByName[name] }

    /// The spreads in a selection set, not following them (graphql-js `getFragmentSpreads`, same order).
    func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        if let cached = spreadsBySelectionSet[selectionSet.loc] { return cached }
        var spreads: [FragmentSpread] = []
        var setsToVisit = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let inner = field.selectionSet { setsToVisit.append(inner) }
                case .inlineFragment(let fragment): setsToVisit.append(fragment.selectionSet)
                }
            }
        }
        spreadsBySelectionSet[selectionSet.loc] = spreads
        return spreads
    }

    /// Every fragment an operation reaches, transitively (graphql-js `getRecursivelyReferencedFragments`).
    func recursivelyReferencedFragments(of operation: OperationDefinition) -> [FragmentDefinition] {
        if let cached = referencedFragmentsByOperation[operation.loc] { return cached }
        var fragments: [FragmentDefinition] = []
        var collected: Set<String> = []
        var setsToVisit = [operation.selectionSet]
        while let set = setsToVisit.popLast() {
            let spreads = fragmentSpreads(in: set)
            // Each operation follows its fragments again: operations x fragments.
            guard spend(ValidationCost.Weight.spread * spreads.count) else { break }
            for spread in spreads where collected.insert(spread.name.value).inserted {
                if let fragment = fragment(named: spread.name.value) {
                    fragments.append(fragment)
                    setsToVisit.append(fragment.selectionSet)
                }
            }
        }
        referencedFragmentsByOperation[operation.loc] = fragments
        return fragments
    }

    /// The variables an operation uses, directly and through its fragments
    /// (graphql-js `getRecursiveVariableUsages`), gathered once for the three
    /// rules that ask.
    func recursiveVariableUsages(of operation: OperationDefinition) -> [VariableUsage] {
        if let cached = variableUsagesByOperation[operation.loc] { return cached }
        var usages = variableUsages(in: operation.loc) { $0.walk(operation) }
        for fragment in recursivelyReferencedFragments(of: operation) {
            let fragmentUsages = variableUsages(in: fragment.loc) { $0.walk(fragment) }
            // Every operation copies the usages of every fragment it reaches.
            guard spend(ValidationCost.Weight.spread + ValidationCost.Weight.variableUsage * fragmentUsages.count)
            else { break }
            usages += fragmentUsages
        }
        variableUsagesByOperation[operation.loc] = usages
        return usages
    }

    private func variableUsages(in key: SourceLocation, walk: (TypeInfoWalker) -> Void) -> [VariableUsage] {
        if let cached = variableUsagesByDefinition[key] { return cached }
        let typeInfo = TypeInfo(types: types)
        let collector = VariableUsageCollector(typeInfo: typeInfo)
        walk(TypeInfoWalker(typeInfo: typeInfo, visitors: [collector], visitsVariableDefinitions: false))
        variableUsagesByDefinition[key] = collector.usages
        return collector.usages
    }
}

private final class VariableUsageCollector: ASTVisitor {
    let typeInfo: TypeInfo
    var usages: [VariableUsage] = []
    init(typeInfo: TypeInfo) { self.typeInfo = typeInfo }

    func enter(_ value: Value) {
        guard case .variable(let name, let loc) = value else { return }
        usages.append(
            VariableUsage(
                name: name.value, loc: loc, type: typeInfo.inputType,
                hasLocationDefaultValue: typeInfo.hasDefaultValue))
    }
}
