/// An asynchronous sequence that turns each element of its base into an inner sequence and emits
/// the elements of the newest one; made by `flatMapLatest(_:)`.
///
/// ```swift
/// // Follow the signed-in user's messages; signing in as someone else switches the feed.
/// for try await message in users.flatMapLatest({ user in messages(of: user) }) {
///   show(message)
/// }
/// ```
///
/// The rules are those of ``AsyncMapLatestSequence``, with an inner sequence in place of a single
/// result:
/// - Each element starts iterating `transform(element)` in its own task. A newer element cancels
///   that task; nothing the superseded inner sequence produces is emitted any more, and an element
///   of it the consumer has not taken yet is dropped.
/// - While it is the newest, an inner sequence loses nothing: it waits for the consumer to take
///   each element before it reads the next (backpressure).
/// - When the base finishes, the newest inner sequence runs to its end, then the finish.
/// - A failure of the base cancels the inner sequence and is thrown at once; a failure of the
///   newest inner sequence ends the sequence and cancels the base. An error is never lost.
/// - Cancelling the consuming task cancels the base's read and the inner sequence.
public struct AsyncFlatMapLatestSequence<
  Base: AsyncSequence & Sendable, Inner: AsyncSequence & Sendable, Failure: Error
>: AsyncSequence, Sendable
where Base.Element: Sendable, Inner.Element: Sendable {
  /// The inner sequences' element.
  public typealias Element = Inner.Element

  @usableFromInline let base: Base
  @usableFromInline let baseFailure: @Sendable (Base.Failure) -> Failure
  @usableFromInline let innerFailure: @Sendable (Inner.Failure) -> Failure
  @usableFromInline let transform: @Sendable (Base.Element) -> Inner

  @inlinable
  init(
    base: Base, baseFailure: @escaping @Sendable (Base.Failure) -> Failure,
    innerFailure: @escaping @Sendable (Inner.Failure) -> Failure,
    transform: @escaping @Sendable (Base.Element) -> Inner
  ) {
    self.base = base
    self.baseFailure = baseFailure
    self.innerFailure = innerFailure
    self.transform = transform
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = feed.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let storage = Storage(
      base: base, baseFailure: baseFailure,
      innerRun: FlatMapLatestRun(transform: transform, innerFailure: innerFailure))
    return Iterator(lifetime: IteratorLifetime(storage))
  }

  @usableFromInline typealias Storage = MapLatestStorage<
    Base, Element, Failure, FlatMapLatestRun<Base.Element, Inner, Failure>
  >

  /// Produces the elements of the newest inner sequence.
  ///
  /// ```swift
  /// var iterator = users.flatMapLatest { messages(of: $0) }.makeAsyncIterator()
  /// while let message = try await iterator.next() { show(message) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let lifetime: IteratorLifetime<Storage>

    @inlinable
    init(lifetime: IteratorLifetime<Storage>) {
      self.lifetime = lifetime
    }

    /// The next element of the newest inner sequence; `nil` once the base and the last inner
    /// sequence finished, or the consuming task was cancelled.
    ///
    /// ```swift
    /// while let message = try await iterator.next(isolation: #isolation) { show(message) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      try await lifetime.unretainedStorage.next(isolation: actor)
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Turns each element into an inner sequence and emits the elements of the newest one: a newer
  /// element cancels the inner sequence of the previous one. Call-compatible with
  /// swift-async-algorithms' `flatMapLatest(_:)`.
  ///
  /// ```swift
  /// for try await message in users.flatMapLatest({ user in messages(of: user) }) {
  ///   show(message)
  /// }
  /// ```
  ///
  /// This overload is taken when the inner sequences fail as the base does. See
  /// ``AsyncFlatMapLatestSequence`` for the rules.
  ///
  /// - Parameter transform: Makes the inner sequence of one element.
  @inlinable
  public func flatMapLatest<T: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> T
  ) -> AsyncFlatMapLatestSequence<Self, T, Failure>
  where T.Failure == Failure, T.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, baseFailure: { $0 }, innerFailure: { $0 }, transform: transform)
  }

  /// Turns each element into a non-throwing inner sequence and emits the elements of the newest
  /// one; the sequence throws what the base throws.
  ///
  /// ```swift
  /// let feed = users.flatMapLatest { user in AsyncStream(Message.self) { _ in } }
  /// ```
  ///
  /// - Parameter transform: Makes the inner sequence of one element.
  @inlinable
  @_disfavoredOverload
  public func flatMapLatest<T: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> T
  ) -> AsyncFlatMapLatestSequence<Self, T, Failure>
  where T.Failure == Never, T.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, baseFailure: { $0 }, innerFailure: neverFails, transform: transform)
  }

  /// Turns each element of a non-throwing sequence into an inner sequence and emits the elements
  /// of the newest one; the sequence throws what the inner sequences throw.
  ///
  /// ```swift
  /// let feed = userIDs.flatMapLatest { id in messages(of: id) }
  /// ```
  ///
  /// - Parameter transform: Makes the inner sequence of one element.
  @inlinable
  @_disfavoredOverload
  public func flatMapLatest<T: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> T
  ) -> AsyncFlatMapLatestSequence<Self, T, T.Failure>
  where Failure == Never, T.Element: Sendable {
    AsyncFlatMapLatestSequence(
      base: self, baseFailure: neverFails, innerFailure: { $0 }, transform: transform)
  }
}
