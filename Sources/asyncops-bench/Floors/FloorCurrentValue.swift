import Synchronization

/// The least an `AsyncCurrentValue<Int>` can do per value with the semantics it must keep, written
/// by hand for the `floor-currentValue` cases: a value and its version behind one lock; `send`
/// never suspends and resumes the consumer that waits for a newer version; a consumer gets the
/// newest value it has not seen (conflated, never twice). One consumer per cell (the cases have
/// one), no finish. A waiting consumer ends when its task is cancelled, through a cancellation
/// handler per wait as the operator's.
final class FloorCurrentValue: Sendable {
  /// A value and its version.
  typealias Versioned = (value: Int, version: Int)

  private struct State: CancellableConsumerState {
    var current: Versioned
    /// Set while the consumer waits for a version newer than it has seen.
    var consumer: UnsafeContinuation<Versioned?, Never>?
    /// Set when the consumer is cancelled.
    var ended = false
  }

  private let state: Mutex<State>

  init(_ value: Int) {
    state = Mutex(State(current: (value, 1)))
  }

  /// Makes `value` current; resumes the waiting consumer with it.
  func send(_ value: Int) {
    let (consumer, current) = state.withLock {
      state -> (UnsafeContinuation<Versioned?, Never>?, Versioned) in
      state.current = (value, state.current.version + 1)
      defer { state.consumer = nil }
      return (state.consumer, state.current)
    }
    consumer?.resume(returning: current)
  }

  /// The newest value of a version after `seen`, suspending until there is one; `seen` becomes
  /// its version. `nil` once the consumer's task is cancelled.
  func next(after seen: inout Int) async -> Int? {
    let after = seen
    // Every operator asks this on its fast path too: a cancelled consumer ends at its next call,
    // even with an element ready.
    if Task.isCancelled {
      state.withLock { $0.ended = true }
      return nil
    }
    let ready = state.withLock { state -> Versioned?? in
      if state.ended { return .some(nil) }
      return state.current.version > after ? .some(state.current) : .none
    }
    let current: Versioned?
    if let ready {
      current = ready
    } else {
      current = await withTaskCancellationHandler {
        await withUnsafeContinuation { (consumer: UnsafeContinuation<Versioned?, Never>) in
          let ready = state.withLock { state -> Versioned?? in
            if state.ended { return .some(nil) }
            if state.current.version > after { return .some(state.current) }
            state.consumer = consumer
            return .none
          }
          if let ready { consumer.resume(returning: ready) }
        }
      } onCancel: {
        state.withLock { $0.endConsumer() }?.resume(returning: nil)
      }
    }
    guard let current else { return nil }
    seen = current.version
    return current.value
  }
}

extension BenchCase {
  /// `floor-currentValue`: `currentValue`'s work (the sender waits for each receipt through a
  /// ``HandoffMailbox``) through ``FloorCurrentValue``.
  static let floorCurrentValue = BenchCase(
    name: "floor-currentValue",
    summary: "hand-written Int current value send→receive, sender waits for each receipt; "
      + "per value",
    size: 300_000, quickSize: 5_000, repetitions: operatorRepetitions,
    measure: { count in await floorCurrentValueWithReceipts(count) })

  /// `floor-currentValue-pingpong`: `currentValue-pingpong`'s work through two
  /// ``FloorCurrentValue``s.
  static let floorCurrentValuePingPong = BenchCase(
    name: "floor-currentValue-pingpong",
    summary: "hand-written Int current value ping-pong between two tasks; per one-way send→receive",
    size: 300_000, quickSize: 5_000, repetitions: operatorRepetitions,
    measure: { count in await floorCurrentValueEcho(roundTrips: count / 2) })
}

@inline(never)
private func floorCurrentValueWithReceipts(_ count: Int) async -> RunOutcome {
  let cell = FloorCurrentValue(0)
  let receipts = HandoffMailbox()
  let receiver = Task {
    var sum = 0
    var seen = 0
    while let value = await cell.next(after: &seen) {
      sum &+= value
      receipts.send(value)
      if value == count - 1 { break }
    }
    return sum
  }
  _ = await receipts.receive()  // the current value, 0
  for value in 1..<count {
    cell.send(value)
    _ = await receipts.receive()
  }
  let sum = await receiver.value
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

@inline(never)
private func floorCurrentValueEcho(roundTrips: Int) async -> RunOutcome {
  let toEcho = FloorCurrentValue(0)
  let fromEcho = FloorCurrentValue(0)
  let echo = Task {
    var echoed = 0
    var seen = 0
    while let value = await toEcho.next(after: &seen) {
      guard value > 0 else { continue }
      echoed &+= value
      fromEcho.send(value)
      if value == roundTrips { break }
    }
    return echoed
  }
  var seen = 0
  _ = await fromEcho.next(after: &seen)  // the current value, 0
  var sum = 0
  for value in 1...roundTrips {
    toEcho.send(value)
    guard let echoed = await fromEcho.next(after: &seen) else { break }
    sum &+= echoed
  }
  let echoed = await echo.value
  return RunOutcome(
    elements: 2 &* roundTrips, checksum: sum &+ echoed,
    expected: 2 &* triangular(roundTrips &+ 1),
    extraFields: [("roundTrips", Double(roundTrips))])
}
