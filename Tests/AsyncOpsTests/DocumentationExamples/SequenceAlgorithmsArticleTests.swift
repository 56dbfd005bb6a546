import AsyncOps
import AsyncOpsTesting
import Testing

/// Every marble diagram and code sample of AsyncOps.docc/SequenceAlgorithms.md.
@Suite struct SequenceAlgorithmsArticleTests {
  @Test func theOverviewSample() async {
    let numbers = [1, 2, 3, 4].async
    let totals = await Array(numbers.reductions(+))
    let steps = await Array(numbers.adjacentPairs().map { $1 - $0 })
    let csv = await String(["a", "b", "c"].async.interspersed(with: ","))
    #expect(totals == [1, 3, 6, 10])
    #expect(steps == [1, 1, 1])
    #expect(csv == "a,b,c")
  }

  @Test func reductionsWithAnInitialValueIsCombinesScan() async throws {
    try await expectMarbles(["a-b-c|"], "a-'ab'-'abc'|") { inputs, _ in
      inputs[0].reductions("", +)
    }
  }

  @Test func theCollectingSample() async {
    let byLength = await Dictionary(grouping: ["tea", "mocha", "latte"].async, by: \.count)
    let unique = await Set([1, 1, 2].async)
    #expect(byLength == [3: ["tea"], 5: ["mocha", "latte"]])
    #expect(unique == [1, 2])
  }
}
