import Synchronization

/// A thread-safe current value that any number of consumers iterate: each gets the current value
/// first, then every later value — the newest one when it falls behind.
///
/// `AsyncCurrentValue` is the bridge from synchronous code (a property setter, a delegate
/// callback) to `for await` loops, like Combine's `CurrentValueSubject`:
///
/// ```swift
/// let searchText = AsyncCurrentValue("")
///
/// // Any number of consumers, each from the current value on:
/// Task {
///   for await text in searchText { print("query:", text) }   // "", then "b", "br", …
/// }
///
/// // From synchronous code; never suspends:
/// searchText.value = "b"
/// searchText.send("br")
/// searchText.finish()   // every consumer ends after it has seen "br"
/// ```
///
/// Guarantees:
/// - `send(_:)` and setting ``value`` are synchronous, thread-safe and never suspend.
/// - An iterator reads the current value and registers in one atomic step: a consumer made after
///   `send(x)` starts from `x` or a later value, never an older one.
/// - A consumer that falls behind gets the newest value next (conflation): values may be
///   skipped, never reordered, never delivered twice.
/// - ``finish()`` ends each consumer once it has seen the last value; later sends are ignored.
/// - Cancelling a consumer's task ends that consumer's iteration (`nil`); a value it had not seen
///   yet when it was cancelled may still come first, but no later one.
public final class AsyncCurrentValue<Element: Sendable>: AsyncSequence, Sendable {
  /// Iteration never throws.
  public typealias Failure = Never

  @usableFromInline typealias Waiter = UnsafeContinuation<(Element, UInt64)?, Never>
  @usableFromInline typealias Machine = CurrentValueStateMachine<Element, Waiter>

  @usableFromInline let machine: Mutex<Machine>

  /// Creates a channel holding `value`.
  ///
  /// ```swift
  /// let rating = AsyncCurrentValue(3)
  /// ```
  public init(_ value: Element) {
    machine = Mutex(Machine(value: value))
  }

  /// The current value. Setting it is the same as ``send(_:)`` (ignored after ``finish()``).
  ///
  /// ```swift
  /// rating.value = 4          // every consumer gets 4
  /// print(rating.value)       // 4
  /// ```
  public var value: Element {
    get { machine.withLock { $0.value } }
    set { send(newValue) }
  }

  /// Makes `value` the current value and hands it to every waiting consumer. Synchronous,
  /// thread-safe, never suspends; ignored after ``finish()``.
  ///
  /// ```swift
  /// searchText.send("brew")
  /// ```
  @inlinable
  public func send(_ value: Element) {
    guard let (version, waiting) = machine.withLock({ $0.send(value) }) else { return }
    for consumer in waiting {
      consumer.waiter.resume(returning: (value, version))
    }
  }

  /// Ends every consumer once it has seen the current (last) value. Later sends are ignored.
  ///
  /// ```swift
  /// searchText.finish()
  /// ```
  public func finish() {
    for consumer in machine.withLock({ $0.finish() }) {
      consumer.waiter.resume(returning: nil)
    }
  }

  /// Creates a consumer: it yields the current value first, then later values.
  ///
  /// ```swift
  /// var iterator = searchText.makeAsyncIterator()
  /// let current = await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let (consumerID, cursor) = machine.withLock { $0.register() }
    return Iterator(channel: self, consumerID: consumerID, cursor: cursor)
  }

  /// One consumer of an ``AsyncCurrentValue``.
  ///
  /// ```swift
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let channel: AsyncCurrentValue
    @usableFromInline let consumerID: Int
    /// The version this consumer needs next.
    @usableFromInline var cursor: UInt64
    @usableFromInline var ended = false

    @inlinable
    init(channel: AsyncCurrentValue, consumerID: Int, cursor: UInt64) {
      self.channel = channel
      self.consumerID = consumerID
      self.cursor = cursor
    }

    /// The current value if this consumer has not seen it, else the next value sent; `nil` once
    /// the channel finished (after the last value) or the consuming task was cancelled (after
    /// the value already ready then, if any).
    ///
    /// ```swift
    /// let value = await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      guard !ended else { return nil }
      // In a cancelled task, the value ready now is still delivered (it was already there, like
      // a buffered element), but it is the last: a consumer must not follow a busy sender for
      // ever once its task is cancelled.
      let cancelled = Task.isCancelled
      let cursor = self.cursor
      let received: (Element, UInt64)?
      switch channel.machine.withLock({ $0.next(cursor: cursor) }) {
      case .deliver(let value, let version):
        received = (value, version)
      case .end:
        received = nil
      case .suspend:
        received = cancelled ? nil : await channel.wait(cursor: cursor)
      }
      guard let (value, version) = received else {
        ended = true
        return nil
      }
      self.cursor = version + 1
      ended = cancelled
      return value
    }

    /// The next value; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }

  /// A consumer's wait for the value after `cursor`. Nonisolated on purpose: run on the
  /// consumer's isolation (or inlined into the isolated `next`), each `await` in it hops back to
  /// that isolation — measured with uprobes on `currentValue-pingpong`, 6 `swift_task_switch`
  /// calls per wait instead of 4.
  @inlinable
  func wait(cursor: UInt64) async -> (Element, UInt64)? {
    let waitID = machine.withLock { $0.makeWaitID() }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: Waiter) in
        let action = machine.withLock {
          $0.suspend(waitID: waitID, cursor: cursor, waiter: waiter, isCancelled: Task.isCancelled)
        }
        switch action {
        case .deliver(let value, let version): waiter.resume(returning: (value, version))
        case .end: waiter.resume(returning: nil)
        case .suspend: break
        }
      }
    } onCancel: {
      machine.withLock { $0.cancel(waitID: waitID) }?.resume(returning: nil)
    }
  }
}
