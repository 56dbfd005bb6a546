/// A channel for sending elements from one task to another with back pressure: `send` returns
/// only once a consumer has taken its element.
///
/// ```swift
/// let channel = AsyncChannel<String>()
/// Task {
///   for await message in channel { print(message) }
/// }
/// await channel.send("hello")   // returns once the loop above took "hello"
/// channel.finish()              // the loop ends
/// ```
///
/// The rules:
/// - No buffer: `await send(x)` returns when a consumer has taken `x` (a rendezvous).
/// - Several senders: elements are taken in the order their `send` began. Several consumers
///   (iterators, from any tasks): each element goes to exactly one of them, in the order they
///   began to wait.
/// - ``finish()`` resumes every suspended `send` (its element is dropped) and ends every consumer,
///   now and later. A `send` after `finish()` returns at once.
/// - Cancelling a `send`'s task resumes it; its element is not delivered. Cancelling a
///   consumer's task ends that consumer (`nil`); the others go on.
public final class AsyncChannel<Element: Sendable>: AsyncSequence, Sendable {
  /// Iteration never throws.
  public typealias Failure = Never

  @usableFromInline let storage = ChannelStorage<Element, Never>()

  /// Creates a channel with no element waiting and no consumer.
  ///
  /// ```swift
  /// let channel = AsyncChannel<Int>()
  /// ```
  public init() {}

  /// Sends `element` to a consumer and returns once one has taken it — or at once when the
  /// channel is finished, or when the task is cancelled (the element is then dropped).
  ///
  /// ```swift
  /// for value in 1...3 { await channel.send(value) }
  /// ```
  @inlinable
  public func send(_ element: Element) async {
    _ = await storage.send(element)
  }

  /// Ends the channel: every suspended `send` returns (its element dropped), every consumer's
  /// iteration ends, and so does every later one. Later sends return at once.
  ///
  /// ```swift
  /// channel.finish()
  /// ```
  @inlinable
  public func finish() {
    storage.finish(failure: nil)
  }

  /// Creates an iterator: a consumer that takes elements not taken by any other.
  ///
  /// ```swift
  /// var iterator = channel.makeAsyncIterator()
  /// let first = await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(iteration: ChannelIteration(storage: storage))
  }

  /// A consumer of an ``AsyncChannel``.
  ///
  /// ```swift
  /// var iterator = channel.makeAsyncIterator()
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    @usableFromInline var iteration: ChannelIteration<Element, Never>

    @inlinable
    init(iteration: ChannelIteration<Element, Never>) {
      self.iteration = iteration
    }

    /// The next element of any sender; `nil` once the channel finished or the task is cancelled.
    ///
    /// ```swift
    /// while let value = await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      await iteration.next(isolation: actor)
    }

    /// The next element of any sender; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}
