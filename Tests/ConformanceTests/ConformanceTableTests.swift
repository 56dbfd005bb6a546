import MarbleEngines
import MarbleNotation
import Testing

/// The conformance table run through both engines: every scenario, every engine.
@Suite struct ConformanceTableTests {
  @Test(arguments: ConformanceScenarios.all, MarbleEngine.allCases)
  func engineProducesTheScenarioOutputs(
    _ scenario: ConformanceScenario, _ engine: MarbleEngine
  ) async throws {
    let outputs = try await MarbleEvaluation.evaluate(
      scenario.operation, inputs: scenario.inputs, engine: engine, tick: scenario.tick)
    let expected = try scenario.expectedOutputs(for: engine).map { marble in
      try MarbleTimeline(parsing: marble).description
    }
    #expect(outputs.count == expected.count, "one output per consumer")
    for (consumer, (actual, wanted)) in zip(outputs, expected).enumerated() {
      let label = "\(engine), consumer \(consumer + 1), inputs \(scenario.inputs)"
      if let mismatch = MarbleMismatch(expected: wanted, actual: actual.description, label: label) {
        Issue.record("\(mismatch)")
      }
    }
  }

  @Test func theTableHasAtLeastThirtyScenariosWithDistinctNames() {
    let names = ConformanceScenarios.all.map(\.name)
    #expect(names.count >= 30)
    #expect(Set(names).count == names.count)
  }

  @Test func everyDocumentedDifferenceIsPinnedByAScenario() {
    let pinned = Set(ConformanceScenarios.all.compactMap(\.difference))
    #expect(pinned == Set(DocumentedDifference.allCases))
  }

  @Test func everyDifferenceScenarioHasDifferentOutputsPerEngine() {
    for scenario in ConformanceScenarios.all where scenario.difference != nil {
      #expect(
        scenario.expectedOutputs(for: .pull) != scenario.expectedOutputs(for: .push),
        "\(scenario.name)")
    }
  }

  @Test func combineLatestScenariosCoverTwoThreeFourAndMoreBases() {
    let arities = Set(
      ConformanceScenarios.all.filter { $0.operation == .combineLatest }.map(\.inputs.count))
    #expect(arities.isSuperset(of: [2, 3, 4]))
    #expect(arities.contains { $0 >= 5 })
  }
}
