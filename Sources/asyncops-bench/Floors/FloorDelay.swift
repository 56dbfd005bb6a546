import Synchronization

/// The least `delay(for: interval)` of `Int`s can do per element with the semantics it must keep,
/// written by hand for the `floor-delay` cases: one task reads the base without pause (Delay
/// rule 1), stamps each element with the clock's time on arrival and queues it with its due time;
/// the consumer takes the oldest once the clock has reached its due time, reading the clock for
/// that unless an earlier reading already shows it due. The queue grows as elements arrive (no
/// operator knows its input's length). No generics, no timer task (the benchmark's interval is
/// zero, so nothing waits for a due time after the check; a later one is slept for in place). The
/// waiting consumer ends when its task is cancelled, through a cancellation handler per wait as
/// the operator's (it ends only the consumer: the benchmark never cancels). Times are `Duration`s
/// since the start, so no resilient `Instant` is stored or copied per element.
final class FloorDelay: Sendable {
  private struct Queued {
    var value: Int
    var due: Duration
  }

  private struct State: CancellableConsumerState {
    var queue: [Queued] = []
    var head = 0
    /// Set while the consumer waits (then the queue is empty).
    var consumer: UnsafeContinuation<Queued?, Never>?
    var finished = false
    /// Set when the consumer is cancelled.
    var ended = false

    mutating func take() -> Queued? {
      guard head < queue.count else { return nil }
      let oldest = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return oldest
    }
  }

  private let state = Mutex(State())
  private let interval: Duration
  private let origin = ContinuousClock.now

  /// The clock's time, since the start.
  private var now: Duration { origin.duration(to: .now) }

  /// A delay of `interval`.
  init(interval: Duration) {
    self.interval = interval
  }

  /// The reading task: reads `base` to its end without pause.
  func upstream<Base: AsyncSequence>(_ base: Base) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let queued = Queued(value: element, due: now + interval)
      let consumer = state.withLock { state -> UnsafeContinuation<Queued?, Never>? in
        if let consumer = state.consumer {
          state.consumer = nil
          return consumer
        }
        state.queue.append(queued)
        return nil
      }
      consumer?.resume(returning: queued)
    }
    let consumer = state.withLock { state -> UnsafeContinuation<Queued?, Never>? in
      state.finished = true
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// The oldest element if it has arrived and is due (`.some(nil)` once the base has ended and
  /// the queue is empty), without suspending; `nil` when the consumer must wait. `lastNow` is the
  /// consumer's latest reading of the clock.
  func nextIfReady(lastNow: inout Duration) -> Int?? {
    // The operator asks this on its fast path too: a cancelled consumer ends at its next call,
    // even with an element due.
    if Task.isCancelled {
      state.withLock { $0.ended = true }
      return .some(nil)
    }
    let ready = state.withLock { state -> Queued?? in
      if state.ended { return .some(nil) }
      if let oldest = state.take() { return .some(oldest) }
      return state.finished ? .some(nil) : .none
    }
    guard let ready else { return nil }
    guard let queued = ready else { return .some(nil) }
    if queued.due > lastNow { lastNow = now }
    if queued.due > lastNow {
      // Not due yet (never with the benchmark's zero interval): put it back and wait for it.
      state.withLock { state in
        if state.head > 0 {
          state.head -= 1
          state.queue[state.head] = queued
        } else {
          state.queue.insert(queued, at: 0)
        }
      }
      return nil
    }
    return .some(queued.value)
  }

  /// The next element once it is due, or `nil` once the base has ended and the queue is empty:
  /// the consumer's slow path, after ``nextIfReady(lastNow:)`` found nothing to hand on (it looks
  /// at the queue again under the lock before waiting).
  func waitForNext(lastNow: inout Duration) async -> Int? {
    let arrived = await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Queued?, Never>) in
        let ready = state.withLock { state -> Queued?? in
          if state.ended { return .some(nil) }
          if let oldest = state.take() { return .some(oldest) }
          if state.finished { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        if let ready { consumer.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
    guard let queued = arrived else { return nil }
    if queued.due > lastNow { lastNow = now }
    if queued.due > lastNow {
      try? await Task.sleep(until: origin.advanced(by: queued.due), clock: .continuous)
      lastNow = now
    }
    return queued.value
  }
}

/// `floor-delay` (and `-async`, `-async-channel`): ``FloorDelay`` with the case's interval.
@inline(never)
func floorDelayRun<Base: AsyncSequence & Sendable>(
  _ base: Base, count: Int, interval: Duration
) async -> RunOutcome where Base.Element == Int, Base.Failure == Never {
  let delay = FloorDelay(interval: interval)
  var sum = 0
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await delay.upstream(base) }
    var lastNow = Duration.zero
    while true {
      let value: Int?
      if let ready = delay.nextIfReady(lastNow: &lastNow) {
        value = ready
      } else {
        value = await delay.waitForNext(lastNow: &lastNow)
      }
      guard let value else { break }
      sum &+= value
    }
  }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}
