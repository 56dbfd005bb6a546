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
  public func mapError<MappedError: Error>(
    _ transform: @Sendable @escaping (Self.Failure) -> MappedError
  ) -> (some AsyncSequence<Self.Element, MappedError> & Sendable)
  where Self: Sendable, Self.Element: Sendable {
    AsyncMapErrorSequence(base: self, transform: transform)
  }
}

/// The sequence `mapError(_:)` returns (callers see it as `some AsyncSequence`).
struct AsyncMapErrorSequence<Base: AsyncSequence, MappedError: Error>: AsyncSequence {
  typealias Element = Base.Element
  typealias Failure = MappedError

  let base: Base
  let transform: @Sendable (Base.Failure) -> MappedError

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), transform: transform)
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let transform: @Sendable (Base.Failure) -> MappedError
    var finished = false

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

    mutating func next() async throws(MappedError) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncMapErrorSequence: Sendable where Base: Sendable {}
