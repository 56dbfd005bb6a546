/// A channel for sending elements from one task to another with back pressure, which can end
/// with a failure: `send` returns only once a consumer has taken its element.
///
/// ```swift
/// let channel = AsyncThrowingChannel<Int, any Error>()
/// Task {
///   do {
///     for try await value in channel { print(value) }
///   } catch {
///     print("failed:", error)
///   }
/// }
/// await channel.send(1)
/// channel.fail(CancellationError())
/// ```
///
/// The rules of ``AsyncChannel`` hold, and:
/// - ``fail(_:)`` resumes every suspended `send` (its element dropped); every consumer waiting at
///   that moment throws the failure — or, when none waits, the next `next()` throws it. After
///   that every `next()` returns `nil`: the failure is thrown once per waiting consumer at the
///   time of `fail`, not once per iterator (as swift-async-algorithms 1.1.5).
/// - `Failure` is typed: an `AsyncThrowingChannel<Int, MyError>` throws `MyError`. The common
///   spelling is `AsyncThrowingChannel<Int, any Error>`.
public final class AsyncThrowingChannel<Element: Sendable, Failure: Error>: AsyncSequence,
  Sendable
{
  @usableFromInline let storage = ChannelStorage<Element, Failure>()

  /// Creates a channel with no element waiting and no consumer.
  ///
  /// ```swift
  /// let channel = AsyncThrowingChannel<String, any Error>()
  /// ```
  public init() {}

  /// Sends `element` to a consumer and returns once one has taken it — or at once when the
  /// channel has ended, or when the task is cancelled (the element is then dropped).
  ///
  /// ```swift
  /// await channel.send("hello")
  /// ```
  @inlinable
  public func send(_ element: Element) async {
    _ = await storage.send(element)
  }

  /// Fails the channel: every suspended `send` returns (its element dropped) and every waiting
  /// consumer throws `error` — or, when none waits, the next `next()` does; later iterations end.
  /// Ignored once the channel has ended.
  ///
  /// ```swift
  /// channel.fail(DownloadError.timedOut)
  /// ```
  @inlinable
  public func fail(_ error: Failure) {
    storage.finish(failure: error)
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
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(iteration: ChannelIteration(storage: storage))
  }

  /// A consumer of an ``AsyncThrowingChannel``.
  ///
  /// ```swift
  /// var iterator = channel.makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    @usableFromInline var iteration: ChannelIteration<Element, Failure>

    @inlinable
    init(iteration: ChannelIteration<Element, Failure>) {
      self.iteration = iteration
    }

    /// The next element of any sender; `nil` once the channel finished (or its failure was
    /// thrown) or the task is cancelled. Throws the channel's failure.
    ///
    /// ```swift
    /// while let value = try await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await iteration.next(isolation: actor)
    }

    /// The next element of any sender; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}
