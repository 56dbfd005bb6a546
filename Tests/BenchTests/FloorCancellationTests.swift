import Synchronization
import Testing

@testable import asyncops_bench

/// Every hand-over floor's waiting consumer ends when its task is cancelled, as its operator's
/// does: the cancellation handler per wait is part of the shape's cost (the semantics' "a
/// cancelled consumer ends promptly"), so a floor without a working one would be cheaper than any
/// correct operator could be.
///
/// Each floor here has no producer, so its consumer can only end through its cancellation. Each
/// is cancelled twice: before its task has begun (the handler runs at once) and after the task has
/// had many turns to begin waiting (the handler resumes the waiting consumer); both must end it.
@Suite("asyncops-bench: the floors' consumers end when cancelled", .timeLimit(.minutes(1)))
struct FloorCancellationTests {
  /// Whether `wait`, run in a task cancelled `afterTurns` yields of this one after it was created,
  /// ends (returns `true` when the floor handed it `nil`). `false` if this test's own task is
  /// cancelled first (its time limit): a floor whose consumer never ends fails the test rather
  /// than hang the suite.
  private func endsWhenCancelled(
    afterTurns turns: Int, _ wait: @escaping @Sendable () async -> Bool
  ) async -> Bool {
    let answer = FirstAnswer()
    let waiting = Task { answer.give(await wait()) }
    for _ in 0..<turns { await Task.yield() }
    waiting.cancel()
    return await withTaskCancellationHandler {
      await answer.value()
    } onCancel: {
      answer.give(false)
    }
  }
  @Test(arguments: [0, 100])
  func zip(afterTurns turns: Int) async {
    let floor = FloorZip(bases: 2)
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func merge(afterTurns turns: Int) async {
    let floor = FloorMerge(bases: 2)
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func combineLatest(afterTurns turns: Int) async {
    let floor = FloorCombineLatest(bases: 2)
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func shareOfOne(afterTurns turns: Int) async {
    let floor = FloorShare(limit: 1)
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func shareOfMany(afterTurns turns: Int) async {
    let floor = FloorShareMany(consumers: 2, limit: 1)
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next(1) == nil })
  }

  /// A cancelled consumer of ``FloorShareMany`` no longer holds the upstream back: with a buffer of
  /// one, the other consumer still receives every element.
  @Test func aCancelledShareConsumerReleasesTheUpstream() async {
    let floor = FloorShareMany(consumers: 2, limit: 1)
    #expect(await endsWhenCancelled(afterTurns: 0) { await floor.next(1) == nil })
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await floor.upstream(CountingSequence(count: 5)) }
      var received: [Int] = []
      while let value = await floor.next(0) { received.append(value) }
      #expect(received == [0, 1, 2, 3, 4])
    }
  }

  @Test(arguments: [0, 100])
  func channelConsumer(afterTurns turns: Int) async {
    let floor = FloorChannel()
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
    // A cancelled consumer has left the queue: the next value goes to the next consumer.
    async let received = floor.next()
    await floor.send(7)
    #expect(await received == 7)
  }

  @Test(arguments: [0, 100])
  func channelSender(afterTurns turns: Int) async {
    let floor = FloorChannel()
    #expect(
      await endsWhenCancelled(afterTurns: turns) {
        await floor.send(1)
        return true
      })
    // A cancelled sender has left the queue: the next consumer gets the next value sent.
    async let received = floor.next()
    await floor.send(2)
    #expect(await received == 2)
  }

  @Test(arguments: [0, 100])
  func currentValue(afterTurns turns: Int) async {
    let floor = FloorCurrentValue(0)
    #expect(
      await endsWhenCancelled(afterTurns: turns) {
        var seen = 1  // the current version: wait for a newer one
        return await floor.next(after: &seen) == nil
      })
  }

  @Test(arguments: [0, 100])
  func debounce(afterTurns turns: Int) async {
    let floor = FloorDebounce()
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func throttle(afterTurns turns: Int) async {
    let floor = FloorThrottle(interval: .milliseconds(1))
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func mapLatest(afterTurns turns: Int) async {
    let floor = FloorMapLatest()
    #expect(await endsWhenCancelled(afterTurns: turns) { await floor.next() == nil })
  }

  @Test(arguments: [0, 100])
  func delay(afterTurns turns: Int) async {
    let floor = FloorDelay(interval: .zero)
    #expect(
      await endsWhenCancelled(afterTurns: turns) {
        var lastNow = Duration.zero
        return await floor.waitForNext(lastNow: &lastNow) == nil
      })
  }

  /// A consumer whose task is cancelled ends at its next call even with elements ready, as the
  /// operators' consumers do (each asks on its fast path, before it takes), and stays ended.
  @Test func aCancelledConsumerEndsWithElementsReady() async {
    let floor = FloorShare(limit: 4)
    await floor.upstream(CountingSequence(count: 2))  // buffers 0 and 1, then finishes
    #expect(await inCancelledTask { await floor.next() } == nil)
    #expect(await floor.next() == nil)
  }

  /// A cancelled consumer of ``FloorChannel`` gets `nil` though a sender waits, and the sender's
  /// value goes to the next consumer. (The sender is given many turns to begin waiting first;
  /// either way, the cancelled consumer must not take its value.)
  @Test func aCancelledChannelConsumerLeavesTheWaitingSender() async {
    let floor = FloorChannel()
    async let sent: Void = floor.send(3)
    for _ in 0..<100 { await Task.yield() }
    #expect(await inCancelledTask { await floor.next() } == nil)
    #expect(await floor.next() == 3)
    await sent
  }

  /// `body`'s result, run in a task that is cancelled before `body` begins.
  private func inCancelledTask<Result: Sendable>(
    _ body: @escaping @Sendable () async -> Result
  ) async -> Result {
    await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await body()
    }.value
  }
}

/// The first of several answers, awaited once.
private final class FirstAnswer: Sendable {
  private let state = Mutex<(answer: Bool?, waiter: CheckedContinuation<Bool, Never>?)>((nil, nil))

  /// Gives `answer`, unless one was given before.
  func give(_ answer: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard state.answer == nil else { return nil }
      state.answer = answer
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: answer)
  }

  /// The first answer, once given.
  func value() async -> Bool {
    await withCheckedContinuation { waiter in
      let answer = state.withLock { state -> Bool? in
        if state.answer == nil { state.waiter = waiter }
        return state.answer
      }
      if let answer { waiter.resume(returning: answer) }
    }
  }
}
