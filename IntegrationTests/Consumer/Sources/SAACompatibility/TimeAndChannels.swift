// The time-based operators, buffer, share, flatMapLatest, the channels and the byte iterator of
// swift-async-algorithms 1.1.5, called as its callers do. See Combining.swift for the `// saa:`
// lines. Time is a clock that never waits (`ImmediateClock`), so nothing here sleeps for real.

import AsyncOps
import Synchronization

/// A clock whose sleeps return at once and whose time moves to each deadline it is asked for.
public struct ImmediateClock: Clock {
  /// The continuous clock's instants.
  public typealias Instant = ContinuousClock.Instant
  private let box: Now
  /// The clock's time, shared by its copies.
  final class Now: Sendable {
    let now: Mutex<ContinuousClock.Instant>
    init() { now = Mutex(ContinuousClock.now) }
  }
  /// A clock at the continuous clock's now.
  public init() { box = Now() }
  /// The latest deadline slept until, or the start.
  public var now: Instant { box.now.withLock { $0 } }
  /// No resolution limit.
  public var minimumResolution: Duration { .zero }
  /// Moves time to `deadline` and returns at once.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    box.now.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}

/// The time-based operators over one generic base, with only their own constraints.
public struct TimedOf<Base: AsyncSequence & Sendable>: Sendable where Base.Element: Sendable {
  let base: Base

  // saa: AsyncSequence.debounce(for:tolerance:clock:), AsyncDebounceSequence
  func debounced<C: Clock>(on clock: C, by interval: C.Instant.Duration) -> AsyncDebounceSequence<
    Base, C
  > {
    base.debounce(for: interval, clock: clock)
  }
  // saa: AsyncSequence.debounce(for:tolerance:), AsyncDebounceSequence
  func debouncedContinuously() -> AsyncDebounceSequence<Base, ContinuousClock> {
    base.debounce(for: .milliseconds(1), tolerance: nil)
  }
  // saa: AsyncSequence._throttle(for:clock:latest:)
  func throttled<C: Clock>(on clock: C, by interval: C.Instant.Duration) -> some AsyncSequence<
    Base.Element, Base.Failure
  > {
    base._throttle(for: interval, clock: clock, latest: false)
  }
  // saa: AsyncSequence._throttle(for:latest:)
  func throttledContinuously() -> some AsyncSequence<Base.Element, Base.Failure> {
    base._throttle(for: .milliseconds(1))
  }
  // saa: AsyncSequence.buffer(policy:), AsyncBufferSequence, AsyncBufferSequence.Element, AsyncBufferSequencePolicy.bounded(_:)
  func buffered() -> AsyncBufferSequence<Base> { base.buffer(policy: .bounded(2)) }
  // saa: AsyncSequence.share(bufferingPolicy:)
  func shared() -> some AsyncSequence<Base.Element, Base.Failure> & Sendable {
    _ = base.share(bufferingPolicy: .bounded(1))
    let policy: AsyncBufferSequencePolicy = .bounded(1)
    return base.share(bufferingPolicy: policy)
  }
  // saa: AsyncSequence.flatMapLatest(_:)
  func latestInner() -> some AsyncSequence<Base.Element, Base.Failure> & Sendable {
    base.flatMapLatest { element in [element].async.mapError { _ -> Base.Failure in fatalError() } }
  }
  // saa: AsyncSequence.flatMapLatest(_:)#2
  func latestNeverInner() -> some AsyncSequence<Base.Element, Base.Failure> & Sendable {
    base.flatMapLatest { element in [element].async }
  }
}

/// A `Sendable` sequence of elements that are not: a new ``Box`` for each of its numbers.
struct BoxSource: AsyncSequence, Sendable {
  let values: [Int]

  func makeAsyncIterator() -> Iterator { Iterator(values: values) }

  /// Boxes the numbers one by one.
  struct Iterator: AsyncIteratorProtocol {
    var values: [Int]
    mutating func next() async -> Box? { values.isEmpty ? nil : Box(values.removeFirst()) }
  }
}

// saa: AsyncSequence._throttle(for:clock:reducing:), _AsyncThrottleSequence
/// The reducing throttle over any base, `Sendable` or not.
func throttledSums<Base: AsyncSequence, C: Clock>(
  _ base: Base, clock: C, interval: C.Instant.Duration
) -> _AsyncThrottleSequence<Base, C, Int> where Base.Element == Int {
  base._throttle(for: interval, clock: clock) { ($0 ?? 0) + $1 }
}

// saa: AsyncSequence._throttle(for:reducing:)
/// The reducing throttle on the continuous clock.
func throttledSumsContinuously<Base: AsyncSequence>(
  _ base: Base
) -> _AsyncThrottleSequence<Base, ContinuousClock, Int> where Base.Element == Int {
  base._throttle(for: .milliseconds(1)) { ($0 ?? 0) + $1 }
}

/// The latest-element throttle over a base that is not `Sendable`.
func throttledBoxes<Base: AsyncSequence>(
  _ base: Base
) -> _AsyncThrottleSequence<Base, ImmediateClock, Box> where Base.Element == Box {
  base._throttle(for: .milliseconds(1), clock: ImmediateClock(), latest: false)
}

// saa: AsyncSequence.buffer(policy:), AsyncBufferSequencePolicy.unbounded, AsyncBufferSequencePolicy.bufferingLatest(_:), AsyncBufferSequencePolicy.bufferingOldest(_:), AsyncBufferSequencePolicy
/// `buffer(policy:)` over a `Sendable` base of non-`Sendable` elements, as swift-async-algorithms
/// allows.
func bufferedBoxes<Base: AsyncSequence & Sendable>(_ base: Base) -> [AsyncBufferSequence<Base>]
where Base.Element == Box {
  let policies: [AsyncBufferSequencePolicy] = [
    .unbounded, .bufferingLatest(2), .bufferingOldest(2), .bounded(1),
  ]
  return policies.map { base.buffer(policy: $0) }
}

// saa: AsyncSequence.flatMapLatest(_:)#3
/// `flatMapLatest` from a base that cannot fail to inners that can.
func latestThrowingInner<Base: AsyncSequence & Sendable>(
  _ base: Base
) -> some AsyncSequence<Int, any Error> & Sendable
where Base.Element == Int, Base.Failure == Never {
  base.flatMapLatest { element in
    AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(element)
      continuation.finish()
    }
  }
}

/// The chunking by count or signal, over generic bases and signals.
struct SignalledChunksOf<Base: AsyncSequence & Sendable, Signal: AsyncSequence & Sendable>
where Base.Element: Sendable, Signal.Element: Sendable {
  let base: Base
  let signal: Signal

  // saa: AsyncSequence.chunks(ofCount:or:into:), AsyncChunksOfCountOrSignalSequence, AsyncChunksOfCountOrSignalSequence.Element
  func countOrSignalInto() -> AsyncChunksOfCountOrSignalSequence<
    Base, ContiguousArray<Base.Element>, Signal
  > {
    base.chunks(ofCount: 2, or: signal, into: ContiguousArray<Base.Element>.self)
  }
  // saa: AsyncSequence.chunks(ofCount:or:)
  func countOrSignal() -> AsyncChunksOfCountOrSignalSequence<Base, [Base.Element], Signal> {
    base.chunks(ofCount: 2, or: signal)
  }
  // saa: AsyncSequence.chunked(by:into:)
  func bySignalInto() -> AsyncChunksOfCountOrSignalSequence<
    Base, ContiguousArray<Base.Element>, Signal
  > {
    base.chunked(by: signal, into: ContiguousArray<Base.Element>.self)
  }
  // saa: AsyncSequence.chunked(by:)#2
  func bySignal() -> AsyncChunksOfCountOrSignalSequence<Base, [Base.Element], Signal> {
    base.chunked(by: signal)
  }
}

/// The chunking by count or timer, with the timer written in place.
struct TimedChunksOf<Base: AsyncSequence & Sendable, C: Clock> where Base.Element: Sendable {
  let base: Base
  let clock: C
  let interval: C.Instant.Duration

  // saa: AsyncSequence.chunks(ofCount:or:into:)#2
  func countOrTimerInto() -> AsyncChunksOfCountOrSignalSequence<
    Base, ContiguousArray<Base.Element>, AsyncTimerSequence<C>
  > {
    base.chunks(
      ofCount: 2, or: .repeating(every: interval, clock: clock), into: ContiguousArray.self)
  }
  // saa: AsyncSequence.chunks(ofCount:or:)#2
  func countOrTimer() -> AsyncChunksOfCountOrSignalSequence<
    Base, [Base.Element], AsyncTimerSequence<C>
  > {
    base.chunks(ofCount: 2, or: .repeating(every: interval, clock: clock))
  }
  // saa: AsyncSequence.chunked(by:into:)#2
  func byTimerInto() -> AsyncChunksOfCountOrSignalSequence<
    Base, ContiguousArray<Base.Element>, AsyncTimerSequence<C>
  > {
    base.chunked(by: .repeating(every: interval, clock: clock), into: ContiguousArray.self)
  }
  // saa: AsyncSequence.chunked(by:)#3
  func byTimer() -> AsyncChunksOfCountOrSignalSequence<
    Base, [Base.Element], AsyncTimerSequence<C>
  > {
    base.chunked(by: .repeating(every: interval, clock: clock))
  }
}

/// Runs each once; returns what each produced.
public func runTimeAndChannels() async throws -> [String] {
  var lines: [String] = []
  let clock = ImmediateClock()
  let timed = TimedOf(base: [1, 2, 3].async)

  // saa: AsyncDebounceSequence.Iterator, AsyncDebounceSequence.Iterator.next(), AsyncDebounceSequence.makeAsyncIterator()
  var debounce: AsyncDebounceSequence<Numbers, ImmediateClock>.Iterator =
    timed.debounced(on: clock, by: .milliseconds(5)).makeAsyncIterator()
  // saa: AsyncDebounceSequence.Element
  var debounced: [AsyncDebounceSequence<Numbers, ImmediateClock>.Element] = []
  while let value = await debounce.next() { debounced.append(value) }
  lines.append("debounce last \(debounced.last ?? -1)")
  _ = timed.debouncedContinuously()

  var throttled: [Int] = []
  for await value in timed.throttled(on: clock, by: .milliseconds(5)) { throttled.append(value) }
  _ = timed.throttledContinuously()
  lines.append("throttle produced \(!throttled.isEmpty)")

  // saa: _AsyncThrottleSequence.Iterator, _AsyncThrottleSequence.Iterator.next(), _AsyncThrottleSequence.makeAsyncIterator(), _AsyncThrottleSequence.Element
  var sums: _AsyncThrottleSequence<Numbers, ImmediateClock, Int>.Iterator =
    throttledSums([1, 2, 3].async, clock: clock, interval: .seconds(1)).makeAsyncIterator()
  let firstSum: _AsyncThrottleSequence<Numbers, ImmediateClock, Int>.Element? = await sums.next()
  _ = throttledSumsContinuously([1].async)
  var boxes: [Int] = []
  for await box in throttledBoxes([Box(1), Box(2)].async) { boxes.append(box.value) }
  lines.append("reducing throttle \(firstSum ?? -1) \(boxes.first ?? -1)")

  // saa: AsyncBufferSequence.Iterator, AsyncBufferSequence.AsyncIterator, AsyncBufferSequence.Iterator.next(), AsyncBufferSequence.makeAsyncIterator()
  var buffer: AsyncBufferSequence<Numbers>.AsyncIterator = timed.buffered().makeAsyncIterator()
  let unusedBufferIterator: AsyncBufferSequence<Numbers>.Iterator? = nil
  _ = unusedBufferIterator
  var buffered: [Int] = []
  while let value = await buffer.next() { buffered.append(value) }
  boxes = []
  for sequence in bufferedBoxes(BoxSource(values: [1, 2])) {
    for await box in sequence { boxes.append(box.value) }
  }
  lines.append("buffer \(buffered) \(boxes)")

  var shared: [Int] = []
  for await value in timed.shared() { shared.append(value) }
  var latest: [Int] = []
  for await value in timed.latestInner() { latest.append(value) }
  for await value in timed.latestNeverInner() { latest.append(value) }
  for try await value in latestThrowingInner([4].async) { latest.append(value) }
  lines.append("share \(shared) flatMapLatest last \(latest.last ?? -1)")

  // saa: AsyncTimerSequence, AsyncTimerSequence.init(interval:tolerance:clock:), AsyncTimerSequence.Element, AsyncTimerSequence.Iterator, AsyncTimerSequence.Iterator.next(), AsyncTimerSequence.makeAsyncIterator()
  let timer = AsyncTimerSequence(interval: .milliseconds(1), tolerance: nil, clock: clock)
  var ticks: AsyncTimerSequence<ImmediateClock>.Iterator = timer.makeAsyncIterator()
  let tick: AsyncTimerSequence<ImmediateClock>.Element? = await ticks.next()
  // saa: AsyncTimerSequence.repeating(every:tolerance:clock:)
  let repeating: AsyncTimerSequence<ImmediateClock> = .repeating(
    every: .milliseconds(1), clock: clock)
  // saa: AsyncTimerSequence.repeating(every:tolerance:)
  let suspending: AsyncTimerSequence<SuspendingClock> = .repeating(every: .seconds(1))
  _ = (repeating, suspending)
  lines.append("timer ticked \(tick != nil)")

  let signalled = SignalledChunksOf(
    base: [1, 2, 3].async, signal: AsyncStream<Void> { $0.finish() })
  var chunks: [[Int]] = []
  for await chunk in signalled.countOrSignalInto() { chunks.append(Array(chunk)) }
  for await chunk in signalled.countOrSignal() { chunks.append(chunk) }
  // saa: AsyncChunksOfCountOrSignalSequence.Iterator, AsyncChunksOfCountOrSignalSequence.Iterator.next(), AsyncChunksOfCountOrSignalSequence.makeAsyncIterator()
  var bySignal: AsyncChunksOfCountOrSignalSequence<Numbers, [Int], AsyncStream<Void>>.Iterator =
    signalled.bySignal().makeAsyncIterator()
  while let chunk = await bySignal.next() { chunks.append(chunk) }
  _ = signalled.bySignalInto()
  let byTimer = TimedChunksOf(base: [1, 2, 3].async, clock: clock, interval: .milliseconds(1))
  for await chunk in byTimer.countOrTimer() { chunks.append(chunk) }
  _ = (byTimer.countOrTimerInto(), byTimer.byTimerInto(), byTimer.byTimer())
  lines.append("signalled chunks \(chunks.prefix(2))")

  // saa: AsyncChannel, AsyncChannel.init(), AsyncChannel.Element, AsyncChannel.send(_:), AsyncChannel.finish()
  let channel = AsyncChannel<AsyncChannel<Int>.Element>()
  // saa: AsyncChannel.makeAsyncIterator(), AsyncChannel.Iterator, AsyncChannel.AsyncIterator, AsyncChannel.Iterator.next()
  var channelIterator: AsyncChannel<Int>.AsyncIterator = channel.makeAsyncIterator()
  let unusedChannelIterator: AsyncChannel<Int>.Iterator? = nil
  _ = unusedChannelIterator
  async let sent: Void = {
    await channel.send(1)
    channel.finish()
  }()
  let received = await channelIterator.next()
  await sent

  // saa: AsyncThrowingChannel, AsyncThrowingChannel.init(), AsyncThrowingChannel.Element

  let throwingChannel = AsyncThrowingChannel<
    AsyncThrowingChannel<Int, any Error>.Element, any Error
  >()
  // saa: AsyncThrowingChannel.makeAsyncIterator(), AsyncThrowingChannel.Iterator, AsyncThrowingChannel.AsyncIterator
  var throwingIterator: AsyncThrowingChannel<Int, any Error>.AsyncIterator =
    throwingChannel.makeAsyncIterator()
  let unusedThrowingIterator: AsyncThrowingChannel<Int, any Error>.Iterator? = nil
  _ = unusedThrowingIterator
  // saa: AsyncThrowingChannel.send(_:), AsyncThrowingChannel.fail(_:), AsyncThrowingChannel.finish()
  async let failed: Void = {
    await throwingChannel.send(2)
    throwingChannel.fail(MappedFailure())
    throwingChannel.finish()
  }()
  // saa: AsyncThrowingChannel.Iterator.next()
  let first = try await throwingIterator.next()
  var failure = "none"
  do { _ = try await throwingIterator.next() } catch { failure = "\(type(of: error))" }
  await failed
  lines.append("channels \(received ?? -1) \(first ?? -1) \(failure)")

  // saa: AsyncBufferedByteIterator, AsyncBufferedByteIterator.init(capacity:readFunction:)
  let served = Mutex(false)
  var bytes = AsyncBufferedByteIterator(capacity: 4) { buffer in
    served.withLock { done in
      if done { return 0 }
      done = true
      buffer.storeBytes(of: 7, toByteOffset: 0, as: UInt8.self)
      return 1
    }
  }
  // saa: AsyncBufferedByteIterator.Element, AsyncBufferedByteIterator.next()
  let byte: AsyncBufferedByteIterator.Element? = try await bytes.next()
  lines.append("bytes \(byte ?? 0)")
  return lines
}
