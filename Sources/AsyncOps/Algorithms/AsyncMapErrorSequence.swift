// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// Replaces the sequence's error with the one `transform` makes of it.
  ///
  /// ```swift
  /// enum LoadError: Error { case network }
  /// let brews = download.mapError { _ in LoadError.network }
  /// for try await brew in brews { show(brew) }   // catch is `LoadError`
  /// ```
  ///
  /// - Parameter transform: Makes the new error from the sequence's.
  @inlinable
  public func mapError<MappedError: Error>(
    _ transform: @Sendable @escaping (Self.Failure) -> MappedError
  ) -> some AsyncSequence<Self.Element, MappedError> {
    AsyncMapErrorSequence(base: self, transform: transform)
  }

  /// Replaces the sequence's error with the one `transform` makes of it; `Sendable` when the
  /// sequence and its elements are.
  ///
  /// ```swift
  /// let brews = download.mapError { _ in LoadError.network }
  /// Task { for try await brew in brews { show(brew) } }
  /// ```
  ///
  /// - Parameter transform: Makes the new error from the sequence's.
  @inlinable
  public func mapError<MappedError: Error>(
    _ transform: @Sendable @escaping (Self.Failure) -> MappedError
  ) -> (some AsyncSequence<Self.Element, MappedError> & Sendable)
  where Self: Sendable, Self.Element: Sendable {
    AsyncMapErrorSequence(base: self, transform: transform)
  }
}

/// The sequence `mapError(_:)` returns (callers see it as `some AsyncSequence`).
///
/// Inlinable, like every task-free operator here: a caller's module can then see through the
/// opaque result and specialise the iterator for its own base. Compiled only here, each element
/// went through the base's protocol witness from unspecialised code (about 800 ns more per
/// element than a loop over the same rendezvous channel, pinned to one core).
@usableFromInline
struct AsyncMapErrorSequence<Base: AsyncSequence, MappedError: Error>: AsyncSequence {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = MappedError

  @usableFromInline let base: Base
  @usableFromInline let transform: @Sendable (Base.Failure) -> MappedError

  @inlinable
  init(base: Base, transform: @escaping @Sendable (Base.Failure) -> MappedError) {
    self.base = base
    self.transform = transform
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), transform: transform)
  }

  @usableFromInline
  struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform: @Sendable (Base.Failure) -> MappedError
    @usableFromInline var finished = false

    @inlinable
    init(base: Base.AsyncIterator, transform: @escaping @Sendable (Base.Failure) -> MappedError) {
      self.base = base
      self.transform = transform
    }

    @inlinable
    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(MappedError) -> Element? {
      guard !finished else { return nil }
      do {
        if let element = try await base.next(isolation: actor) { return element }
        finished = true
        return nil
      } catch {
        finished = true
        throw transform(error)
      }
    }

    @inlinable
    mutating func next() async throws(MappedError) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncMapErrorSequence: Sendable where Base: Sendable {}
