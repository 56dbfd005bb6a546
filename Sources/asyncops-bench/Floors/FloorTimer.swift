import Synchronization

/// The least a timer on a hand-advanced clock can do per tick, written by hand for the
/// `floor-timer` case: a clock that is a number of milliseconds behind a lock, one sleeper (the
/// consumer) with its deadline, and `advance` resuming it once its deadline has come. No generics,
/// no `Clock` protocol, no sleeper registry.
final class FloorManualClock: Sendable {
  private struct State {
    var now = 0
    var sleeper: (deadline: Int, continuation: UnsafeContinuation<Int, Never>)?
  }

  private let state = Mutex(State())

  /// Whether the consumer sleeps.
  var hasSleeper: Bool { state.withLock { $0.sleeper != nil } }

  /// Returns the clock's time once it has reached `deadline`.
  func sleep(until deadline: Int) async -> Int {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in
      let now = state.withLock { state -> Int? in
        if state.now >= deadline { return state.now }
        state.sleeper = (deadline, continuation)
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }

  /// Moves the clock on by `milliseconds`; wakes the sleeper whose deadline has come.
  func advance(by milliseconds: Int) {
    let woken = state.withLock { state -> (UnsafeContinuation<Int, Never>, Int)? in
      state.now += milliseconds
      guard let sleeper = state.sleeper, sleeper.deadline <= state.now else { return nil }
      state.sleeper = nil
      return (sleeper.continuation, state.now)
    }
    if let (continuation, now) = woken { continuation.resume(returning: now) }
  }
}

extension BenchCase {
  /// `floor-timer`: `timer`'s work (a consumer sleeps to each 1 ms deadline, a driver task waits
  /// until it sleeps, then advances the clock) on ``FloorManualClock``.
  static let floorTimer = BenchCase(
    name: "floor-timer",
    summary: "hand-written 1 ms timer on a hand-advanced Int clock; per tick",
    size: 100_000, quickSize: 2_000, repetitions: 5,
    measure: { count in await floorTimerRun(count) })
}

@inline(never)
private func floorTimerRun(_ count: Int) async -> RunOutcome {
  let clock = FloorManualClock()
  let consumer = Task {
    var onTime = 0
    for tick in 1...max(count, 1) {
      let now = await clock.sleep(until: tick)
      if now == tick { onTime += 1 }
    }
    return onTime
  }
  for _ in 0..<count {
    while !clock.hasSleeper { await Task.yield() }
    clock.advance(by: 1)
  }
  let onTime = await consumer.value
  return RunOutcome(elements: count, checksum: onTime, expected: count)
}
