import AsyncOps
import AsyncOpsTesting
import Testing

/// A pipeline typed `some AsyncSequence<_, Never>` can be fed by `expectMarbles`: inputs that
/// cannot fail, with marble letters mapped to the app's values, feed it as it is (the throwing
/// inputs alone would not type-check against it).
@Suite struct NonThrowingMarbleTests {
  /// An app's pipeline, typed as an app types it: it cannot fail, and it is not generic over a
  /// failure.
  private static func lengths(
    _ texts: some AsyncSequence<String, Never> & Sendable, clock: TestClock
  ) -> some AsyncSequence<Int, Never> & Sendable {
    texts.debounce(for: .milliseconds(2), clock: clock).removeDuplicates().map(\.count)
  }

  @Test func aPipelineThatCannotFailIsMarbleTestedWithMappedValues() async throws {
    let typed: @Sendable (String) -> String = { ["s": "s", "a": "sa", "h": "h"][$0]! }
    try await expectMarbles(["sa----h--|"], "---2----1|", values: typed) { inputs, clock in
      Self.lengths(inputs[0], clock: clock)
    }
  }

  @Test func stringInputsThatCannotFailNeedOnlyTheIdentity() async throws {
    let outputs = try await recordMarbles(["ab-|", "-c|"], values: \.self) { inputs, _ in
      combineLatest(inputs[0], inputs[1]).map { $0 + $1 }
    }
    #expect(outputs.map(\.description) == ["-'bc'-|"])
  }

  @Test func aFailureInTheInputOfASourceThatCannotFailIsASyntaxError() async throws {
    await #expect(throws: MarbleSyntaxError.self) {
      try await expectMarbles(["a-^"], "a-^", values: \.self) { inputs, _ in inputs[0] }
    }
  }

  @Test func aMismatchIsRecordedWithBothMarbles() async throws {
    try await withKnownIssue {
      try await expectMarbles(["a-b|"], "a-c|", values: \.self) { inputs, _ in inputs[0] }
    } matching: { issue in
      String(describing: issue).contains("a-b|") && String(describing: issue).contains("a-c|")
    }
  }

  @Test func theSourceCannotThrowAndEndsACancelledConsumer() async throws {
    let source = AsyncNonThrowingTestSource<Int>(name: "numbers")
    source.send(1)
    source.finish()
    var iterator = source.makeAsyncIterator()
    let first = await iterator.next()  // no `try`: the failure type is Never
    let second = await iterator.next()
    #expect(first == 1 && second == nil)
    #expect(source.liveIteratorCount == 0)
  }
}
