import Synchronization

/// The least a `throttle(for:latest: true)` of `Int`s on the `ContinuousClock` can do per element
/// of a burst, written by hand for the `floor-throttle-burst` case: no generics, no state machine,
/// the clock concrete.
///
/// The shape the semantics require (throttle rules 1–4), step for step as the operator takes it:
/// per element one clock read and one lock; a pending element already due is emitted first (by
/// the reader, without waiting for the timer); an element that arrives with nothing pending once
/// the interval has passed since the last emission is emitted at once (handed to the waiting
/// consumer, or left in the one ready slot, replacing what the consumer has not taken); otherwise
/// it replaces the pending element, due at the last emission + the interval, and a parked timer
/// task is woken to emit it then. The finish follows the pending element. Instants are kept as
/// `Duration`s since the start, so no resilient `Instant` is copied per element. The waiting
/// consumer ends when its task is cancelled, through a cancellation handler per wait as the
/// operator's (it ends only the consumer: the benchmark never cancels).
final class FloorThrottle: Sendable {
  private struct State: CancellableConsumerState {
    /// Emitted, not yet taken by the consumer.
    var ready: Int?
    /// Waiting for `pendingDue`.
    var pending: Int?
    var pendingDue = Duration.zero
    var hasEmitted = false
    var lastEmission = Duration.zero
    var consumer: UnsafeContinuation<Int?, Never>?
    /// The timer task, parked while nothing is pending; resumed with the due instant, or `nil`
    /// to end.
    var parkedTimer: UnsafeContinuation<Duration?, Never>?
    /// The base finished while an element was pending: the finish follows it.
    var finishAfterPending = false
    /// The consumer gets `nil` once `ready` is taken.
    var finished = false
    /// Whether the consumer has waited yet: the reader starts reading only then, as the
    /// operator's reading task does, so a consumer waiting from the start receives element 0.
    var consumerArrived = false
    /// The reader, parked until the consumer first waits.
    var parkedReader: UnsafeContinuation<Void, Never>?
    /// Set when the consumer is cancelled.
    var ended = false

    /// Emits `element` at `instant`; returns the consumer to resume with it, if one waits.
    mutating func emit(_ element: Int, at instant: Duration) -> UnsafeContinuation<Int?, Never>? {
      hasEmitted = true
      lastEmission = instant
      guard let waiting = consumer else {
        ready = element
        return nil
      }
      consumer = nil
      return waiting
    }
  }

  private let state = Mutex(State())
  private let interval: Duration
  private let origin = ContinuousClock.now

  init(interval: Duration) {
    self.interval = interval
  }

  private var now: Duration { origin.duration(to: .now) }

  /// The reader task: once the consumer waits, reads `base` to its end.
  func read(_ base: CountingSequence) async {
    await withUnsafeContinuation { (reader: UnsafeContinuation<Void, Never>) in
      let start = state.withLock { state in
        if state.consumerArrived { return true }
        state.parkedReader = reader
        return false
      }
      if start { reader.resume() }
    }
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let now = self.now
      let (consumer, emitted, timer, due) = state.withLock { state in
        var consumer: UnsafeContinuation<Int?, Never>?
        var emitted = 0
        if let pending = state.pending, state.pendingDue <= now {
          state.pending = nil
          consumer = state.emit(pending, at: state.pendingDue)
          emitted = pending
        }
        if state.pending != nil {
          state.pending = element
          return (consumer, emitted, UnsafeContinuation<Duration?, Never>?.none, Duration.zero)
        }
        if !state.hasEmitted || state.lastEmission + interval <= now {
          if let waiting = state.emit(element, at: now) { (consumer, emitted) = (waiting, element) }
          return (consumer, emitted, nil, .zero)
        }
        state.pending = element
        state.pendingDue = state.lastEmission + interval
        let timer = state.parkedTimer
        state.parkedTimer = nil
        return (consumer, emitted, timer, state.pendingDue)
      }
      consumer?.resume(returning: emitted)
      timer?.resume(returning: due)
    }
    let (consumer, timer) = state.withLock { state in
      guard state.pending == nil else {
        state.finishAfterPending = true
        return (UnsafeContinuation<Int?, Never>?.none, UnsafeContinuation<Duration?, Never>?.none)
      }
      state.finished = true
      let timer = state.parkedTimer
      state.parkedTimer = nil
      guard state.ready == nil, let consumer = state.consumer else { return (nil, timer) }
      state.consumer = nil
      return (consumer, timer)
    }
    consumer?.resume(returning: nil)
    timer?.resume(returning: nil)
  }

  /// The timer task: parks while nothing is pending, sleeps until the pending element is due,
  /// then emits it; ends after the finish.
  func runTimer() async {
    while true {
      let due = await withUnsafeContinuation { (timer: UnsafeContinuation<Duration?, Never>) in
        let due = state.withLock { state -> Duration?? in
          if state.pending != nil { return .some(state.pendingDue) }
          if state.finished { return .some(nil) }
          state.parkedTimer = timer
          return .none
        }
        if let due { timer.resume(returning: due) }
      }
      guard let due else { return }
      try? await Task.sleep(until: origin.advanced(by: due), clock: .continuous)
      let now = self.now
      let (consumer, element) = state.withLock {
        state -> (UnsafeContinuation<Int?, Never>?, Int?) in
        guard let pending = state.pending, state.pendingDue <= now else { return (nil, nil) }
        state.pending = nil
        let consumer = state.emit(pending, at: state.pendingDue)
        if state.finishAfterPending { state.finished = true }
        return (consumer, pending)
      }
      if let consumer { consumer.resume(returning: element) }
    }
  }

  /// The next emitted element, or `nil` after the finish.
  func next() async -> Int? {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let (taken, reader) = state.withLock {
          state -> (Int??, UnsafeContinuation<Void, Never>?) in
          if state.ended { return (.some(nil), nil) }
          if let ready = state.ready {
            state.ready = nil
            return (.some(ready), nil)
          }
          if state.finished { return (.some(nil), nil) }
          state.consumer = consumer
          state.consumerArrived = true
          let reader = state.parkedReader
          state.parkedReader = nil
          return (.none, reader)
        }
        if let taken { consumer.resume(returning: taken) }
        reader?.resume()
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}

extension BenchCase {
  /// `floor-throttle-burst`: `throttle-burst`'s work (a synchronous `0..<N` burst, 1 ms, latest)
  /// done by ``FloorThrottle``.
  static let floorThrottleBurst = BenchCase(
    name: "floor-throttle-burst",
    summary: "hand-written Int throttle(1 ms, latest) of a synchronous 0..<N burst; "
      + "per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await floorThrottleRun(count) })
}

@inline(never)
private func floorThrottleRun(_ count: Int) async -> RunOutcome {
  let throttle = FloorThrottle(interval: .milliseconds(1))
  var emitted = 0
  var first = -1
  var last = -1
  var increasing = true
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await throttle.runTimer() }
    group.addTask { await throttle.read(CountingSequence(count: count)) }
    while let value = await throttle.next() {
      if emitted == 0 { first = value }
      increasing = increasing && value > last
      emitted &+= 1
      last = value
    }
  }
  let valid = first == 0 && increasing
  return RunOutcome(
    elements: count, checksum: valid ? last : -1, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}
