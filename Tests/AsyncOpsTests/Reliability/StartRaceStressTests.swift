import TestSupport
import Testing

@testable import AsyncOps

/// The start race: a consumer's first `next()` starts the operator's reader task(s) and waits for
/// the first element. An element the readers produce before the waiting consumer is registered
/// must still reach it as the first one: not a later element, and none lost. Each test repeats a
/// fresh iterator's first `next()` many times under ``SchedulerLoad`` (busy threads and tasks, so
/// the consumer's thread is preempted between the two steps) and checks what the consumer got.
@Suite(.timeLimit(.minutes(2)), .runsAlone("loads the machine")) struct StartRaceStressTests {
  static let trials = 800

  /// share under a policy that drops for a consumer that is not waiting: before the waiting
  /// consumer was registered, the upstream task (started by that `next()`) could produce, and the
  /// element went through the policy as if the consumer were busy: `.bufferingNewest(1)` kept a
  /// later one, the zero-size policies dropped element 0.
  @Test(arguments: [
    AsyncShareBufferingPolicy.bufferingNewest(0), .bufferingNewest(1), .bufferingOldest(0),
    .bounded(0), .bounded(1), .unbounded,
  ])
  func shareGivesAWaitingConsumerTheFirstElement(_ policy: AsyncShareBufferingPolicy) async {
    var late: [Int?] = []
    let failures = await SchedulerLoad.failures(of: Self.trials) { _ in
      let shared = (0..<64).async.share(bufferingPolicy: policy)
      var iterator = shared.makeAsyncIterator()
      let first = await iterator.next()
      if first != 0 { late.append(first) }
      return first == 0
    }
    #expect(failures == 0, "first elements other than 0: \(late.prefix(10))")
  }

  /// merge: the consumer is registered in the same step that decides to start the readers, and
  /// the readers are created after it, so the first element read goes to it; each base is at most
  /// one element ahead, so none is dropped either.
  @Test func mergeGivesAWaitingConsumerTheFirstElementAndLosesNone() async {
    let failures = await SchedulerLoad.failures(of: Self.trials / 4) { _ in
      var iterator = merge((0..<32).async, (1_000..<1_032).async).makeAsyncIterator()
      var received: [Int] = []
      while let element = await iterator.next() { received.append(element) }
      let fromFirst = received.filter { $0 < 1_000 }
      let fromSecond = received.filter { $0 >= 1_000 }
      return (received.first == 0 || received.first == 1_000)
        && fromFirst == Array(0..<32) && fromSecond == Array(1_000..<1_032)
    }
    #expect(failures == 0)
  }

  /// zip: registered before the readers start (the same order as merge); the first tuple is the
  /// bases' first elements and none is lost.
  @Test func zipGivesAWaitingConsumerTheFirstTupleAndLosesNone() async {
    let failures = await SchedulerLoad.failures(of: Self.trials / 4) { _ in
      var iterator = zip((0..<32).async, (0..<32).async).makeAsyncIterator()
      var received: [(Int, Int)] = []
      while let tuple = await iterator.next() { received.append(tuple) }
      return received.count == 32 && received.enumerated().allSatisfy { $1 == ($0, $0) }
    }
    #expect(failures == 0)
  }

  /// combineLatest: registered before the readers start; the base that completes the first tuple
  /// contributes its first element, and from then on every element makes exactly one tuple.
  @Test func combineLatestGivesAWaitingConsumerTheFirstTupleAndLosesNone() async {
    let count = 32
    let failures = await SchedulerLoad.failures(of: Self.trials / 4) { _ in
      var iterator = combineLatest((0..<count).async, (0..<count).async).makeAsyncIterator()
      var received: [(Int, Int)] = []
      while let tuple = await iterator.next() { received.append(tuple) }
      guard let first = received.first, first.0 == 0 || first.1 == 0 else { return false }
      // Each later tuple moves exactly one base on by one element.
      for index in received.indices.dropFirst() {
        let (previous, next) = (received[index - 1], received[index])
        let steps = (next.0 - previous.0, next.1 - previous.1)
        guard steps == (1, 0) || steps == (0, 1) else { return false }
      }
      return received.last! == (count - 1, count - 1)
        && received.count == 1 + (count - 1 - first.0) + (count - 1 - first.1)
    }
    #expect(failures == 0)
  }
}
