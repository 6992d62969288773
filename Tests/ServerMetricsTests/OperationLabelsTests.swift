import Dispatch
import Locking
import Testing

@testable import ServerMetrics

/// The bounded set of operation names behind the `operation` label.
@Suite struct OperationLabelsTests {
    @Test func admitsTheBoundThenCountsTheRestAsOther() {
        let labels = OperationLabels(routes: 1, seeded: ["getMomentsDetailsByUserID", "updateMomentLike"])
        var distinct: [ObjectIdentifier: String] = [:]
        for index in 0..<10_000 {
            let entry = labels.entry(for: "op\(index)")
            distinct[ObjectIdentifier(entry)] = entry.name
        }
        // 64 names in all: the 2 seeded, 62 of these, and everything else is `other`.
        #expect(distinct.count == MetricsLimits.maxOperationNames - 2 + 1)
        #expect(distinct.values.contains("other"))
        #expect(labels.entry(for: "op61").name == "op61")
        #expect(labels.entry(for: "op62") === labels.other)
        // Seeded names keep theirs, and a name maps to one entry every time.
        #expect(labels.entry(for: "updateMomentLike").name == "updateMomentLike")
        #expect(labels.entry(for: "op7") === labels.entry(for: "op7"))
        #expect(labels.all.count == MetricsLimits.maxOperationNames + 2)
    }

    @Test(arguments: ["", "1abc", "a-b", "a b", "é", "other", String(repeating: "a", count: 65), "x\n"])
    func namesThatAreNotLabelsAreOther(_ name: String) {
        let labels = OperationLabels(routes: 1, seeded: [])
        #expect(labels.entry(for: name) === labels.other)
    }

    @Test(arguments: ["_", "q", "getMomentsDetailsByUserID", "A_9", String(repeating: "a", count: 64)])
    func graphQLNamesGetTheirOwn(_ name: String) {
        let labels = OperationLabels(routes: 1, seeded: [])
        #expect(labels.entry(for: name).name == name)
    }

    /// Threads racing to admit the same and different names: never more than
    /// the bound, and each name ends up in exactly one entry.
    @Test func concurrentAdmissionsStayWithinTheBound() {
        let labels = OperationLabels(routes: 1, seeded: [])
        let seen = Locked<[String: Set<ObjectIdentifier>]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var local: [String: Set<ObjectIdentifier>] = [:]
            for index in 0..<500 {
                let name = "n\((index * 7 + thread) % 300)"
                let entry = labels.entry(for: name)
                local[entry.name, default: []].insert(ObjectIdentifier(entry))
            }
            seen.withLock { seen in seen.merge(local) { $0.union($1) } }
        }
        let result = seen.withLock { $0 }
        #expect(result.keys.filter { $0 != "other" }.count == MetricsLimits.maxOperationNames)
        #expect(result.values.allSatisfy { $0.count == 1 })
    }
}
