import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Buffering ahead of a consumer" (AsyncOps.docc/Buffer.md), verbatim.
func showReadings(
  _ readings: some AsyncSequence<Double, Never> & Sendable,
  show: @escaping @Sendable (Double) async -> Void
) async {
  for await reading in readings.buffer(policy: .bufferingLatest(1)) {
    await show(reading)  // slow: meanwhile only the newest reading is kept
  }
}

/// The code sample and the diagrams of AsyncOps.docc/Buffer.md.
@Suite struct BufferArticleTests {
  @Test func aSlowDisplayShowsTheNewestReadingNotABacklog() async throws {
    let shown = try await withVirtualTime { time async throws in
      let (readings, continuation) = AsyncStream<Double>.makeStream()
      let log = ExampleLog<Double>()
      let display = Task {
        await showReadings(readings) { reading in
          log.append(reading)
          try? await time.clock.sleep(for: .milliseconds(10))  // a slow display
        }
      }
      continuation.yield(1)
      await time.settle()  // 1 is on display
      for reading in [2.0, 3, 4] { continuation.yield(reading) }
      continuation.finish()
      await time.advance(by: .milliseconds(20))
      await display.value
      return log.all
    }
    #expect(shown == [1, 4])
  }

  @Test func aConsumerThatKeepsUpSeesTheBaseUnchanged() async throws {
    try await expectMarbles(["a-bc--d|"], "a-bc--d|") { inputs, _ in
      inputs[0].buffer(policy: .bounded(2))
    }
  }

  @Test func theFailureComesAfterTheElements() async throws {
    try await expectMarbles(["ab-^"], "ab-^") { inputs, _ in
      inputs[0].buffer(policy: .bufferingLatest(2))
    }
  }
}
