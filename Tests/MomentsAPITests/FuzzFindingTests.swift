import Testing

@testable import GraphQL
@testable import MomentsAPI

/// Inputs the fuzz targets found (Fuzz/Findings), kept as regression tests
/// once fixed.
struct FuzzFindingTests {
    /// fuzz-graphql-validation, before the overlap check was bounded: 1.7 KB of
    /// repeated, self-spreading fragments with same-named, differently
    /// argumented fields took 3.4 s to validate in a release build. Its cost
    /// is now counted; it must stay far under the budget.
    static let overlapTimeout = #"""
fragment fragA on Moment { ...fragB }
fragment fragB on Moment{
  f2: mon Moment { ...fragB }
fragment fragB on Moment{
  f2: moment(id: 0) oment { ...fragB }
fragment fragB on Moment{
  f2: moment(id: 1) { ...A ...B }
  f2: moment(id: 1) { ...Bs  ...Aa }
  f3: momen
fragment A on Moment { x: title }
fragment fragA on Moment { ...fragB }
fragmecreatedDate Moment{
  f2: moment(id: 1) { ...A ...B }
  f2: momentent fragA on Moment { ...fragB }
fragment fragB on Moment{
  f2: mon Moment { ...fragB }
fragment fragB on Moment{
  f2: moment(id: 0) oment { ...fragB }
fragment fragB on Moment{
  f2: moment(id: 1) { ...A ...B }
  f2: moment(id: 1) { ...Bs  ...Aa }
  f3: momen
fragment A on Moment { x: title }
fragment fragA on Moment { ...fragB }
fragmecreatedDate Moment{
  f2: moment(id: 1) { ...A ...B }
  f2: moment(id: 1) { ...Bs  ...Aa }
  f3: momen
fragment A on Moment { x: titme }
fragment B on Mmoent { x: id }
fragmt(id: 1) { ...A ...B x: url }
}
fragmragment B on Mmoent { x: id }
fragmt(id: 1) { ...A ...B x: url }
}
fragment A on Moment { x: title }
fragment B on Mmoent { x: id }directive fragO on Moment { ...titleP}
fragment fid }
fragmt(id: 0) { ...A ...B x: url }
}
fragment A on Moment { x: title }
fragment B (id: 1) { ...Bs  ...Aa }
  f3: momen
fragment A on Moment { x: titme }
fragment B on Mmoent { x: id }
fragmt(id: 1) { ...A ...B x: url }
}
fragmragment B on Mmoent { x: id }
fragmt(id: 1) { ...A ...B x: url }
}
fragment A on Moment { x: title }
fragment B on Mmoent { x: id }directive fragO on Moment { ...titleP}
fragment fid }
fragmt(id: 0) { ...A ...B x: url }
}
fragment A on Moment { x: title }
fragment B on Mmoent { x: id }
fragment fragO on Moment { ...frag P}
fragment fragP on Moment { ...fragA, ...fragX }
"""#

    @Test func selfSpreadingFragmentsValidateCheaply() throws {
        let document = try parse(Self.overlapTimeout)
        let result = validateMeasuringCost(schema: MomentsSchema.schema, document: document)
        #expect(!result.errors.isEmpty)
        #expect(result.cost < GraphQLLimits.defaultMaxValidationCost / 10, "cost \(result.cost)")
        #expect(errorResponseBody(result.errors).count <= 32 * 1024)
    }
}
