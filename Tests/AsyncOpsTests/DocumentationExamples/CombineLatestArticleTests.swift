import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Combining the latest values" (AsyncOps.docc/CombineLatest.md), verbatim.
func filteredBrews(
  text: AsyncCurrentValue<String>,
  method: AsyncCurrentValue<BrewMethod?>,
  minimumRating: AsyncCurrentValue<Int>,
  brews: AsyncCurrentValue<[Brew]>
) -> some AsyncSequence<[Brew], Never> {
  combineLatest(text, method, minimumRating, brews).map { text, method, minimumRating, brews in
    brews.filter { brew in
      (method == nil || brew.method == method) && brew.rating >= minimumRating
        && (text.isEmpty || brew.notes.contains(text))
    }
  }
}

/// Every marble diagram and code sample of AsyncOps.docc/CombineLatest.md.
@Suite struct CombineLatestArticleTests {
  private static let render: @Sendable ((String, String)) -> String = { "\($0.0)\($0.1)" }

  private func expectCombined(_ inputs: [String], _ expected: String) async throws {
    try await expectMarbles(inputs, expected, render: Self.render) { inputs, _ in
      combineLatest(inputs[0], inputs[1])
    }
  }

  @Test func nothingUntilEveryBaseHasProducedThenOneTuplePerElement() async throws {
    try await expectCombined(["a-b-c-|", "-x-y-z|"], "-'ax''bx''by''cy''cz'|")
  }

  @Test func elementsOfTheSameInstantYieldOneTupleEachInArgumentOrder() async throws {
    try await expectCombined(["a-b|", "x-y|"], "'ax'-['bx''by']|")
  }

  @Test func itFinishesWhenEveryBaseHasFinished() async throws {
    try await expectCombined(["a|", "-x-y--|"], "-'ax'-'ay'--|")
  }

  @Test func aBaseFinishingWithoutProducingEndsItAtOnce() async throws {
    try await expectCombined(["a-b-c-", "--|"], "--|")
  }

  /// The pull half of the comparison in "Migrating from Combine"; the push half (Combine waits
  /// for every base: "----|") is the conformance scenario of that difference, and both halves
  /// are checked against the article's diagram by CLITests' `DiagramManifestTests`.
  @Test func theFinishComparedWithCombineComesWithTheBaseThatNeverProduced() async throws {
    try await expectCombined(["a-b-|", "-|"], "-|")
  }

  @Test func aFailureComesAfterTheTuplesAlreadyProduced() async throws {
    try await expectCombined(["a-b-c-", "-x-^"], "-'ax''bx'^")
  }

  @Test func theSampleRefiltersWhenAnyOfTheFourInputsChanges() async throws {
    let bright = Brew(method: .filter, rating: 5, notes: "bright")
    let bitter = Brew(method: .espresso, rating: 2, notes: "bitter")
    try await withVirtualTime { _ in
      let text = AsyncCurrentValue("")
      let method = AsyncCurrentValue<BrewMethod?>(nil)
      let minimumRating = AsyncCurrentValue(0)
      let brews = AsyncCurrentValue([bright, bitter])
      var results = filteredBrews(
        text: text, method: method, minimumRating: minimumRating, brews: brews
      ).makeAsyncIterator()

      #expect(await results.next(isolation: nil) == [bright, bitter])
      minimumRating.value = 3
      #expect(await results.next(isolation: nil) == [bright])
      method.value = .espresso
      #expect(await results.next(isolation: nil) == [])
      method.value = nil
      text.value = "bitter"
      #expect(await results.next(isolation: nil) == [bright])
      #expect(await results.next(isolation: nil) == [])
    }
  }
}
