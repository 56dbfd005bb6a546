import AsyncOps
import AsyncOpsTesting
import MarbleNotation
import Testing

/// AsyncOpsTesting as an app's test target uses it: marbles on virtual time, the test clock, and
/// marble parsing from `MarbleNotation`. Nothing here waits on a real clock.
@Suite struct VirtualTimeTests {
  @Test func debounceKeepsTheLastOfABurst() async throws {
    try await expectMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func combineLatestOfFiveInputsOnMarbles() async throws {
    let fiveInputs = ["a---|", "-b--|", "--c-|", "---d|", "---e|"]
    let build:
      @Sendable ([AsyncTestSource<String>], TestClock) -> AsyncCombineLatestSequence<
        any Error, AsyncTestSource<String>, AsyncTestSource<String>, AsyncTestSource<String>,
        AsyncTestSource<String>, AsyncTestSource<String>
      > = { inputs, _ in combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]) }
    let outputs = try await recordMarbles(
      fiveInputs, render: { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)" }, build)
    let expected = try MarbleTimeline(parsing: "---'abcde'|")
    #expect(outputs[0] == expected)
    #expect(expected.ticks[3] == [.value("abcde")])
  }

  @Test func shareReplaysToALateConsumer() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      inputs[0].share(replay: 1)
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--[ab]-c|"])
  }

  @Test func aDebouncedCurrentValueOnTheTestClock() async throws {
    let emitted = try await withVirtualTime { time in
      let text = AsyncCurrentValue("")
      let debounced = Task {
        var seen: [String] = []
        for await query in text.debounce(for: .milliseconds(300), clock: time.clock) {
          seen.append(query)
        }
        return seen
      }
      await time.advance(by: .milliseconds(400))  // "" is quiet: emitted
      text.send("j")
      await time.advance(by: .milliseconds(100))
      text.send("ja")  // "j" was not quiet for 300 ms: replaced
      await time.advance(by: .milliseconds(300))
      text.finish()
      return await debounced.value
    }
    #expect(emitted == ["", "ja"])
  }
}
