// Helpers for the rows of `NilAfterThrowTests` that need more than a base and an operator: a
// channel's producer, a `next()` cancelled once, and work done before the iterator under test
// is first asked.

import AsyncOps

extension NilAfterThrowInputs {
  /// Starts the producer of a channel row. It sends `elements` (each `send` returns once the
  /// consumer has taken it), sleeps on the virtual clock — which moves only when every task
  /// waits, so the consumer is then suspended in `next()` — and calls `end`. In the
  /// careless-base run it then keeps sending "b" and "c", which must return at once and reach
  /// nobody. The task ends by itself; nothing is left suspended.
  func startProducer(
    sending elements: [String],
    send: @escaping @Sendable (String) async -> Void,
    thenWhileTheConsumerWaits end: @escaping @Sendable () -> Void
  ) {
    Task { [clock, baseKeepsGoing] in
      for element in elements { await send(element) }
      try? await clock.sleep(for: .seconds(1))
      end()
      guard baseKeepsGoing else { return }
      for element in ["b", "c"] { await send(element) }
    }
  }

  /// In the careless-base run, a producer that sends "b" and "c" to a channel that has already
  /// ended (each `send` must return at once and reach nobody).
  func keepSendingAfterTheEnd(_ send: @escaping @Sendable (String) async -> Void) {
    guard baseKeepsGoing else { return }
    Task {
      for element in ["b", "c"] { await send(element) }
    }
  }
}

/// `base`, except that its `next()` number `count + 1` runs in a task of its own that is cancelled
/// — before it starts, or once it waits (virtual time runs that task up to its first suspension
/// before the caller goes on) — while every other call runs in the caller's task, which is never
/// cancelled. So a row built on it shows that the base ends on cancellation *and stays ended*
/// where nothing is cancelled any more.
struct NextCancelledOnce<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Failure == Never, Base.Element: Sendable {
  typealias Element = Base.Element
  typealias Failure = Never

  let base: Base
  let count: Int
  let whileItWaits: Bool

  init(after count: Int, whileItWaits: Bool, _ base: Base) {
    self.base = base
    self.count = count
    self.whileItWaits = whileItWaits
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), left: count, whileItWaits: whileItWaits)
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    var left: Int
    let whileItWaits: Bool

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
      defer { left -= 1 }
      guard left == 0 else { return await base.next(isolation: actor) }
      let moved = MovedIterator(base)
      let task = Task { await moved.next() }
      if whileItWaits { await Task.yield() }
      task.cancel()
      let element = await task.value
      base = moved.iterator
      return element
    }
  }
}

/// An iterator handed to one other task for one `next()`.
// @unchecked Sendable: the handing task awaits that task's result before it touches the iterator
// again, so the iterator is never used by two tasks at once.
final class MovedIterator<Iterator: AsyncIteratorProtocol>: @unchecked Sendable
where Iterator.Failure == Never, Iterator.Element: Sendable {
  var iterator: Iterator

  init(_ iterator: Iterator) {
    self.iterator = iterator
  }

  func next() async -> Iterator.Element? {
    await iterator.next(isolation: nil)
  }
}

/// `base`, iterated once `prelude` has run (before the first `next()` of the iterator).
struct AfterPrelude<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  typealias Element = Base.Element
  typealias Failure = Base.Failure

  let base: Base
  let prelude: @Sendable () async -> Void

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), prelude: prelude)
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    var prelude: (@Sendable () async -> Void)?

    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base.Failure) -> Element? {
      if let prelude = prelude.take() { await prelude() }
      return try await base.next(isolation: actor)
    }
  }
}
