import AsyncOps
import AsyncOpsTesting
import PushReference
import Synchronization

/// `chunks`: `chunks(ofCount: 16)` over `0..<N`; the run fails unless every element arrives once,
/// in chunks of 16 but the last. One element = one input element.
struct ChunksWorkload: OperatorWorkload {
  let name = "chunks"
  let measures = "chunks(ofCount: 16) of %@; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    var chunks = 0
    var shaped = true
    for await chunk in source.values(count: count).chunks(ofCount: 16) {
      chunks += 1
      shaped = shaped && (chunk.count == 16 || chunk.last == count - 1)
      for value in chunk { sum &+= value }
    }
    return RunOutcome(
      elements: count, checksum: shaped ? sum : -1, expected: triangular(count),
      extraFields: [("chunks", Double(chunks))])
  }
}

extension BenchCase {
  /// `timer`: an `AsyncTimerSequence` on a `TestClock` advanced by hand, one interval per tick:
  /// a driver task waits until the consumer sleeps, then advances. One element = one tick; the
  /// run fails unless the ticks are exactly the deadlines.
  static let timer = BenchCase(
    name: "timer",
    summary: "AsyncTimerSequence(1 ms, TestClock) advanced by hand; per tick",
    size: 100_000, quickSize: 2_000, repetitions: 5,
    measure: { count in await runTimer(count) })

  /// `push-collect-byCount`: a subject sent `0..<N`, `collect(16)`, one sink.
  static let pushCollectByCount = BenchCase(
    name: "push-collect-byCount",
    summary: "PassthroughSubject.collect(16) → sink; per value",
    size: 1_000_000, quickSize: 10_000, repetitions: 3,
    measure: { count in runPushCollectByCount(count) })
}

@inline(never)
private func runTimer(_ count: Int) async -> RunOutcome {
  let clock = TestClock()
  let consumer = Task {
    var iterator = AsyncTimerSequence(interval: .milliseconds(1), clock: clock).makeAsyncIterator()
    var onTime = 0
    for tick in 1...max(count, 1) {
      guard let now = await iterator.next() else { break }
      if now == .zero.advanced(by: .milliseconds(tick)) { onTime += 1 }
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

@inline(never)
private func runPushCollectByCount(_ count: Int) -> RunOutcome {
  let subject = PassthroughSubject<Int, Never>()
  let sum = Mutex(0)
  let cancellable = subject.collect(16).sink { chunk in
    sum.withLock { total in for value in chunk { total &+= value } }
  }
  for value in 0..<count { subject.send(value) }
  subject.send(completion: .finished)
  cancellable.cancel()
  return RunOutcome(elements: count, checksum: sum.withLock { $0 }, expected: triangular(count))
}
