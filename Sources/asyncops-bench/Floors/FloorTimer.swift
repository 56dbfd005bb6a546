import AsyncOpsTesting

extension BenchCase {
  /// `floor-timer`: `timer`'s work by hand on the same clock: the consumer sleeps on the
  /// `TestClock` to each 1 ms deadline and reads the clock's time, a driver task waits until it
  /// sleeps, then advances the clock. The clock is the timer's input, as a source is another
  /// operator's, so the floor takes it as the case does: what is left is the timer sequence's own
  /// work (its deadline arithmetic, its iterator), not the test clock's sleeper registry.
  static let floorTimer = BenchCase(
    name: "floor-timer",
    summary: "a 1 ms timer by hand: sleep(until:) on the TestClock to each deadline, advanced "
      + "by hand; per tick",
    size: 100_000, quickSize: 2_000, repetitions: 5,
    measure: { count in await floorTimerRun(count) })
}

@inline(never)
private func floorTimerRun(_ count: Int) async -> RunOutcome {
  let clock = TestClock()
  let consumer = Task {
    var onTime = 0
    for tick in 1...max(count, 1) {
      let deadline = TestClock.Instant(offset: .milliseconds(tick))
      do { try await clock.sleep(until: deadline, tolerance: nil) } catch { break }
      if clock.now == deadline { onTime += 1 }
    }
    return onTime
  }
  for _ in 0..<count {
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: .milliseconds(1))
  }
  let onTime = await consumer.value
  return RunOutcome(elements: count, checksum: onTime, expected: count)
}
