/// An asynchronous sequence that runs an async transform on each element of its base and emits
/// only the result of the newest one; made by `mapLatest(_:)`.
///
/// ```swift
/// // Search as the user types: a newer query cancels the request still running for the last one.
/// for try await results in queries.mapLatest({ query in try await api.search(query) }) {
///   show(results)
/// }
/// ```
///
/// The rules:
/// - Each element starts `transform(element)` in its own task. A newer element cancels the
///   transform still running for the previous one; a cancelled transform's result is never
///   emitted, and its `CancellationError` is not an error of the sequence.
/// - A result is emitted when its transform completes. A result the consumer has not taken yet
///   is dropped when a newer element arrives: it is stale.
/// - When the base finishes, a running transform is not cancelled: its result is emitted, then
///   the finish.
/// - When the base fails, the running transform is cancelled and the error is thrown at once (or
///   by the consumer's next `next()`: an error is never lost). A transform that throws (other than
///   by being cancelled by a newer element) ends the sequence with its error and cancels the base.
/// - Cancelling the consuming task, or dropping the iterator, cancels the base's read and the
///   running transform.
///
/// The base is read continuously by the sequence's own task, so a newer element cancels the stale
/// transform when it arrives, even while the consumer is busy.
public struct AsyncMapLatestSequence<
  Base: AsyncSequence & Sendable, Element: Sendable, Failure: Error
>: AsyncSequence, Sendable
where Base.Element: Sendable {
  @usableFromInline let base: Base
  @usableFromInline let baseFailure: @Sendable (Base.Failure) -> Failure
  @usableFromInline let transform: @Sendable (Base.Element) async throws(Failure) -> Element

  @inlinable
  init(
    base: Base, baseFailure: @escaping @Sendable (Base.Failure) -> Failure,
    transform: @escaping @Sendable (Base.Element) async throws(Failure) -> Element
  ) {
    self.base = base
    self.baseFailure = baseFailure
    self.transform = transform
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = results.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let storage = Storage(
      base: base, baseFailure: baseFailure,
      innerRun: MapLatestTransformRun(transform: transform))
    return Iterator(lifetime: IteratorLifetime(storage))
  }

  @usableFromInline typealias Storage = MapLatestStorage<
    Base, Element, Failure, MapLatestTransformRun<Base.Element, Element, Failure>
  >

  /// Produces the results of the newest transforms.
  ///
  /// ```swift
  /// var iterator = queries.mapLatest { try await search($0) }.makeAsyncIterator()
  /// while let results = try await iterator.next() { show(results) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let lifetime: IteratorLifetime<Storage>

    @inlinable
    init(lifetime: IteratorLifetime<Storage>) {
      self.lifetime = lifetime
    }

    /// The next result; `nil` once the base finished (after the last result) or the consuming
    /// task was cancelled. Throws the base's or the transform's failure.
    ///
    /// ```swift
    /// while let results = try await iterator.next(isolation: #isolation) { show(results) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      try await lifetime.unretainedStorage.next(isolation: actor)
    }

    /// The next result; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Runs `transform` on each element, each in its own task, and emits only the newest result: a
  /// newer element cancels the transform still running for the previous one.
  ///
  /// ```swift
  /// for try await results in queries.mapLatest({ query in try await api.search(query) }) {
  ///   show(results)
  /// }
  /// ```
  ///
  /// This overload is taken when the transform throws the base's failure, or nothing: the
  /// sequence then throws exactly what the base throws. See ``AsyncMapLatestSequence`` for the
  /// rules.
  ///
  /// - Parameter transform: The async work for one element; it should stop when its task is
  ///   cancelled.
  @inlinable
  public func mapLatest<T: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws(Failure) -> T
  ) -> AsyncMapLatestSequence<Self, T, Failure> {
    AsyncMapLatestSequence(base: self, baseFailure: { $0 }, transform: transform)
  }

  /// Runs `transform` on each element of a non-throwing sequence and emits only the newest
  /// result; the sequence throws what the transform throws.
  ///
  /// ```swift
  /// let results = typedText.mapLatest { (query) throws(SearchError) in try await search(query) }
  /// ```
  ///
  /// - Parameter transform: The async work for one element.
  @inlinable
  @_disfavoredOverload
  public func mapLatest<T: Sendable, TransformFailure: Error>(
    _ transform: @escaping @Sendable (Element) async throws(TransformFailure) -> T
  ) -> AsyncMapLatestSequence<Self, T, TransformFailure> where Failure == Never {
    AsyncMapLatestSequence(base: self, baseFailure: neverFails, transform: transform)
  }

  /// Runs `transform` on each element and emits only the newest result; the sequence throws
  /// `any Error` (the base's failure and the transform's differ).
  ///
  /// ```swift
  /// for try await results in source.mapLatest({ try await search($0) }) { show(results) }
  /// ```
  ///
  /// - Parameter transform: The async work for one element.
  @inlinable
  @_disfavoredOverload
  public func mapLatest<T: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> T
  ) -> AsyncMapLatestSequence<Self, T, any Error> {
    AsyncMapLatestSequence(base: self, baseFailure: { $0 }, transform: transform)
  }
}

/// The conversion of a failure that cannot happen: a `Never` base's failure into any other.
@inlinable
func neverFails<Failure: Error>(_ never: Never) -> Failure {}
