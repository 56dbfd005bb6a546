import Synchronization

/// The least a `throttle(for:latest: true)` of `Int`s on the `ContinuousClock` can do per element
/// of a burst, written by hand for the `floor-throttle-burst` case: no generics, no state machine,
/// the clock concrete.
///
/// The shape the semantics require (throttle rules 1–4): per element one clock read and one lock;
/// an element that arrives with nothing pending once the interval has passed since the last
/// emission is emitted at once (handed to the waiting consumer, or kept for it); otherwise it
/// replaces the pending element, due at the last emission + the interval, and a timer task
/// (armed once per pending element) emits it then. The finish is delivered after the pending
/// element.
final class FloorThrottle: Sendable {
  private enum Timer {
    /// Waiting to be armed.
    case idle(UnsafeContinuation<ContinuousClock.Instant?, Never>?)
    /// Sleeping until the due instant.
    case armed
  }

  private struct State {
    /// Emitted, not yet taken by the consumer.
    var ready: Int?
    /// Waiting for its due instant.
    var pending: Int?
    var due: ContinuousClock.Instant?
    /// The pending element's due instant passed while the consumer had not taken `ready`: it is
    /// emitted as soon as the consumer takes `ready`.
    var overdue = false
    var lastEmission: ContinuousClock.Instant?
    var consumer: UnsafeContinuation<Int?, Never>?
    var timer = Timer.idle(nil)
    var finished = false
  }

  private let state = Mutex(State())
  private let interval: Duration

  init(interval: Duration) {
    self.interval = interval
  }

  /// The reader task: reads `base` to its end.
  func read(_ base: CountingSequence) async {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let now = ContinuousClock.now
      let action = state.withLock {
        state -> (
          UnsafeContinuation<Int?, Never>?, UnsafeContinuation<ContinuousClock.Instant?, Never>?,
          ContinuousClock.Instant?
        ) in
        if state.pending == nil, state.ready == nil,
          state.lastEmission.map({ now >= $0.advanced(by: interval) }) ?? true
        {
          state.lastEmission = now
          guard let consumer = state.consumer else {
            state.ready = element
            return (nil, nil, nil)
          }
          state.consumer = nil
          return (consumer, nil, nil)
        }
        state.pending = element
        guard state.due == nil, !state.overdue else { return (nil, nil, nil) }
        let due = (state.lastEmission ?? now).advanced(by: interval)
        state.due = due
        guard case .idle(let timer) = state.timer, let timer else { return (nil, nil, nil) }
        state.timer = .armed
        return (nil, timer, due)
      }
      action.0?.resume(returning: element)
      action.1?.resume(returning: action.2)
    }
    let (consumer, timer) = state.withLock {
      state -> (
        UnsafeContinuation<Int?, Never>?, UnsafeContinuation<ContinuousClock.Instant?, Never>?
      ) in
      state.finished = true
      var timer: UnsafeContinuation<ContinuousClock.Instant?, Never>?
      if case .idle(let idle) = state.timer, state.due == nil {
        timer = idle
        state.timer = .idle(nil)
      }
      guard state.pending == nil, state.ready == nil, let consumer = state.consumer else {
        return (nil, timer)
      }
      state.consumer = nil
      return (consumer, timer)
    }
    consumer?.resume(returning: nil)
    timer?.resume(returning: nil)
  }

  /// The timer task: sleeps until each pending element is due, then emits it; ends after the
  /// finish.
  func runTimer() async {
    while true {
      let due = await withUnsafeContinuation {
        (timer: UnsafeContinuation<ContinuousClock.Instant?, Never>) in
        let armed = state.withLock { state -> ContinuousClock.Instant?? in
          if let due = state.due {
            state.timer = .armed
            return .some(due)
          }
          if state.finished { return .some(nil) }
          state.timer = .idle(timer)
          return .none
        }
        if let armed { timer.resume(returning: armed) }
      }
      guard let due else { return }
      try? await Task.sleep(until: due, clock: .continuous)
      let consumer = state.withLock { state -> (UnsafeContinuation<Int?, Never>, Int)? in
        state.timer = .idle(nil)
        // A newer pending element (armed while this sleep ran) is not due yet: sleep again.
        guard let pending = state.pending, let pendingDue = state.due, pendingDue <= due else {
          return nil
        }
        state.due = nil
        state.lastEmission = pendingDue
        guard state.ready == nil else {
          state.overdue = true
          return nil
        }
        state.pending = nil
        guard let consumer = state.consumer else {
          state.ready = pending
          return nil
        }
        state.consumer = nil
        return (consumer, pending)
      }
      if let (consumer, element) = consumer { consumer.resume(returning: element) }
    }
  }

  /// The next emitted element, or `nil` after the finish.
  func next() async -> Int? {
    await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
      let ready = state.withLock { state -> Int?? in
        if let ready = state.ready {
          state.ready = state.overdue ? state.pending : nil
          if state.overdue { (state.pending, state.overdue) = (nil, false) }
          return .some(ready)
        }
        if let pending = state.pending, let due = state.due, ContinuousClock.now >= due {
          state.pending = nil
          state.due = nil
          state.lastEmission = due
          return .some(pending)
        }
        if state.finished && state.pending == nil { return .some(nil) }
        state.consumer = consumer
        return .none
      }
      if let ready { consumer.resume(returning: ready) }
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
