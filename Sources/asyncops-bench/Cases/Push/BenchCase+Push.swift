import PushReference

/// The push-engine twins of the operator cases, on `PushReference` (Combine's semantics): a
/// subject sends synchronously and the sink receives in the same call stack, so these measure
/// per-element dispatch cost with no task hop at all: the push side of the push-vs-pull table.
extension BenchCase {
  /// `push-debounce-burst`: `N` values sent 1 µs apart in virtual time through a 10 µs debounce
  /// on `VirtualTimeScheduler`; then time moves past the last deadline. Only the last value is
  /// emitted. (Time moves between sends so that the scheduler's queue stays short: each send
  /// schedules a timer, as in Combine, and the reference scheduler keeps its queue in a sorted
  /// array, so a burst at one instant would cost O(N) per send.)
  static let pushDebounceBurst = BenchCase(
    name: "push-debounce-burst",
    summary: "PassthroughSubject.debounce(10 µs, VirtualTimeScheduler), 1 µs apart; per value",
    size: 1_000_000, quickSize: 10_000, repetitions: 3,
    measure: { count in runPushDebounceBurst(count) })

  /// `push-combineLatest2`: two subjects sent `0..<N` in turn (`a0 b0 a1 b1 ...`), one sink.
  static let pushCombineLatest2 = BenchCase(
    name: "push-combineLatest2",
    summary: "PassthroughSubject ×2 .combineLatest, sent in turn; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      let (a, b) = (Subject(), Subject())
      let tuples = Tally()
      let last = Tally()
      let cancellable = a.combineLatest(b).sink {
        tuples.add(1)
        last.set($0.0 &+ $0.1)
      }
      for value in 0..<count {
        a.send(value)
        b.send(value)
      }
      cancellable.cancel()
      return combineOutcome(
        count, bases: 2, tuples: tuples.value, lastIsFinal: last.value == 2 * (count - 1))
    })

  /// `push-combineLatest3`: as `push-combineLatest2`, with three subjects.
  static let pushCombineLatest3 = BenchCase(
    name: "push-combineLatest3",
    summary: "PassthroughSubject ×3 .combineLatest, sent in turn; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      let (a, b, c) = (Subject(), Subject(), Subject())
      let tuples = Tally()
      let last = Tally()
      let cancellable = a.combineLatest(b, c).sink {
        tuples.add(1)
        last.set($0.0 &+ $0.1 &+ $0.2)
      }
      for value in 0..<count {
        a.send(value)
        b.send(value)
        c.send(value)
      }
      cancellable.cancel()
      return combineOutcome(
        count, bases: 3, tuples: tuples.value, lastIsFinal: last.value == 3 * (count - 1))
    })

  /// `push-combineLatest4`: as `push-combineLatest2`, with four subjects.
  static let pushCombineLatest4 = BenchCase(
    name: "push-combineLatest4",
    summary: "PassthroughSubject ×4 .combineLatest, sent in turn; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      let (a, b, c, d) = (Subject(), Subject(), Subject(), Subject())
      let tuples = Tally()
      let last = Tally()
      let cancellable = a.combineLatest(b, c, d).sink {
        tuples.add(1)
        last.set($0.0 &+ $0.1 &+ $0.2 &+ $0.3)
      }
      for value in 0..<count {
        a.send(value)
        b.send(value)
        c.send(value)
        d.send(value)
      }
      cancellable.cancel()
      return combineOutcome(
        count, bases: 4, tuples: tuples.value, lastIsFinal: last.value == 4 * (count - 1))
    })

  /// `push-share-1`, `push-share-4`, `push-share-16`: a subject `.share()`d to that many sinks.
  /// One element = one value received by one sink.
  static func pushShare(consumers: Int) -> BenchCase {
    BenchCase(
      name: "push-share-\(consumers)",
      summary: "PassthroughSubject.share() to \(consumers) sink"
        + (consumers == 1 ? "" : "s") + "; per consumer-element",
      size: 100_000, quickSize: 2_000, repetitions: 3,
      measure: { count in
        let subject = Subject()
        let shared = subject.share()
        let sum = Tally()
        let cancellables = (0..<consumers).map { _ in shared.sink { sum.add($0) } }
        for value in 0..<count { subject.send(value) }
        for cancellable in cancellables { cancellable.cancel() }
        return RunOutcome(
          elements: count * consumers, checksum: sum.value,
          expected: consumers &* triangular(count),
          extraFields: [("consumers", Double(consumers))])
      })
  }

  /// `push-currentValue`: `CurrentValueSubject` send → sink, synchronous; per value.
  static let pushCurrentValue = BenchCase(
    name: "push-currentValue", summary: "CurrentValueSubject.send → sink; per value",
    size: 1_000_000, quickSize: 10_000, repetitions: 3,
    measure: { count in
      let subject = CurrentValueSubject<Int, Never>(0)
      let sum = Tally()
      let cancellable = subject.sink { sum.add($0) }
      for value in 1..<count { subject.send(value) }
      cancellable.cancel()
      return RunOutcome(elements: count, checksum: sum.value, expected: triangular(count))
    })
}

/// The subject of the push cases.
private typealias Subject = PassthroughSubject<Int, Never>

@inline(never)
private func runPushDebounceBurst(_ count: Int) -> RunOutcome {
  let scheduler = VirtualTimeScheduler()
  let subject = Subject()
  let emitted = Tally()
  let last = Tally()
  let cancellable = subject.debounce(for: .microseconds(10), scheduler: scheduler).sink {
    emitted.add(1)
    last.set($0)
  }
  for value in 0..<count {
    subject.send(value)
    scheduler.advance(by: .microseconds(1))
  }
  scheduler.advance(by: .microseconds(10))
  cancellable.cancel()
  return RunOutcome(
    elements: count, checksum: last.value &+ (emitted.value &- 1) &* count,
    expected: count &- 1, extraFields: [("emitted", Double(emitted.value))])
}

/// A counter that a sink's closure updates; the push engine calls sinks synchronously on the
/// sending thread, so it needs no lock, but the closures are `@Sendable` in places, hence the
/// class.
private final class Tally: @unchecked Sendable {
  // @unchecked: only ever touched by the one thread that runs the case's synchronous loop (the
  // push engine delivers on the sending thread).
  private(set) var value = 0

  func add(_ amount: Int) { value &+= amount }
  func set(_ newValue: Int) { value = newValue }
}
