/// The rules of spec §5 in graphql-js's `specifiedRules` order (16.9+, with
/// its `recommendedRules`), plus `KnownOperationTypesRule`: this engine has
/// no subscription root, and a subscription must fail validation rather than
/// execution.
var specifiedRules: [any ValidationRule.Type] {
    [
        ExecutableDefinitionsRule.self,
        UniqueOperationNamesRule.self,
        LoneAnonymousOperationRule.self,
        KnownOperationTypesRule.self,
        SingleFieldSubscriptionsRule.self,
        KnownTypeNamesRule.self,
        FragmentsOnCompositeTypesRule.self,
        VariablesAreInputTypesRule.self,
        ScalarLeafsRule.self,
        FieldsOnCorrectTypeRule.self,
        UniqueFragmentNamesRule.self,
        KnownFragmentNamesRule.self,
        NoUnusedFragmentsRule.self,
        PossibleFragmentSpreadsRule.self,
        NoFragmentCyclesRule.self,
        UniqueVariableNamesRule.self,
        NoUndefinedVariablesRule.self,
        NoUnusedVariablesRule.self,
        KnownDirectivesRule.self,
        UniqueDirectivesPerLocationRule.self,
        KnownArgumentNamesRule.self,
        UniqueArgumentNamesRule.self,
        ValuesOfCorrectTypeRule.self,
        ProvidedRequiredArgumentsRule.self,
        VariablesInAllowedPositionRule.self,
        OverlappingFieldsCanBeMergedRule.self,
        UniqueInputFieldNamesRule.self,
        // graphql-js 16.9+ `recommendedRules`, spread at the end of `specifiedRules`.
        MaxIntrospectionDepthRule.self,
    ]
}

/// Validates an executable document against a schema (spec §5). Returns
/// every error, each with code `GRAPHQL_VALIDATION_FAILED` and locations, in
/// document order as graphql-js reports them; an empty array means valid.
///
/// - Parameter maxErrors: past this many errors, validation stops and adds
///   `Too many validation errors, error limit reached. Validation aborted.`
///   (graphql-js's default, 100), bounding the work a hostile document causes.
/// - Parameter maxCost: past this many units of work that can repeat (see
///   `ValidationCost`), validation stops and the only error is
///   `The document is too complex to validate (validation cost over N).`
package func validate(
    schema: Schema, document: Document, maxErrors: Int = 100,
    maxCost: Int = GraphQLLimits.defaultMaxValidationCost
) -> [GraphQLError] {
    validate(schema: schema, document: document, rules: specifiedRules, maxErrors: maxErrors, maxCost: maxCost)
}

func validate(
    schema: Schema, document: Document, rules: [any ValidationRule.Type], maxErrors: Int = 100,
    maxCost: Int = GraphQLLimits.defaultMaxValidationCost
) -> [GraphQLError] {
    validateMeasuringCost(schema: schema, document: document, rules: rules, maxErrors: maxErrors, maxCost: maxCost)
        .errors
}

/// `validate`, also telling the cost spent: tests assert how the work grows.
func validateMeasuringCost(
    schema: Schema, document: Document, rules: [any ValidationRule.Type] = specifiedRules, maxErrors: Int = 100,
    maxCost: Int = GraphQLLimits.defaultMaxValidationCost
) -> (errors: [GraphQLError], cost: Int) {
    let context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors, maxCost: maxCost)
    let visitors: [any ASTVisitor] = rules.map { $0.init(context: context) }
    let walker = TypeInfoWalker(
        typeInfo: context.typeInfo, visitors: visitors, shouldStop: { context.isAborted })
    walker.walk(document)
    return (context.errors, context.cost.spent)
}
