/// An asynchronous sequence that passes its base's elements until a second sequence produces an
/// element; made by ``_Concurrency/AsyncSequence/prefix(untilOutputFrom:)``.
///
/// ```swift
/// // Location updates until the screen closes:
/// for await location in locations.prefix(untilOutputFrom: screenClosed) {
///   show(location)
/// }
/// ```
///
/// The rules (PrefixUntilOutput rules 1–3 of the Semantics article):
/// 1. The base's elements pass until `other` produces its first element; then the sequence
///    finishes and both reads are cancelled. At one instant the base comes first: its element
///    still passes. An element that arrived before and that the consumer has not taken yet is
///    still delivered, then the finish.
/// 2. `other` finishing or failing without an element changes nothing. A failure of the base is
///    delivered.
/// 3. Combine's `prefix(untilOutputFrom:)` agrees on every instant.
///
/// The base is read one element ahead at most. Cancelling the consuming task (or dropping the
/// iterator) ends the iteration (`nil`) and cancels both reads.
public struct AsyncPrefixUntilOutputSequence<
  Base: AsyncSequence & Sendable, Other: AsyncSequence & Sendable
>: AsyncSequence, Sendable
where Base.Element: Sendable, Other.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure: `other`'s failure never ends the sequence.
  public typealias Failure = Base.Failure

  @usableFromInline typealias Machine = PrefixUntilOutputStateMachine<
    Element, Other.Element, Failure, ContinuousClock.Instant,
    DrivenIteration<Element, Failure>.Consumer, DrivenIteration<Element, Failure>.Waiter
  >
  @usableFromInline typealias Storage = DrivenStorage<Base, Other, ContinuousClock, Machine>

  @usableFromInline let base: Base
  @usableFromInline let other: Other

  @inlinable
  init(base: Base, other: Other) {
    self.base = base
    self.other = other
  }

  /// Creates an iterator. Neither sequence is read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = untilClosed.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      owner: IteratorLifetime(
        Storage(
          base: base, other: other, machine: Machine(), clock: ContinuousClock(),
          usesTimer: false)))
  }

  /// Produces the base's elements until `other` produces one.
  ///
  /// ```swift
  /// var iterator = input.prefix(untilOutputFrom: stop).makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let owner: IteratorLifetime<Storage>

    @inlinable
    init(owner: IteratorLifetime<Storage>) {
      self.owner = owner
    }

    /// The next element; `nil` once `other` produced, the base ended or failed, or the consuming
    /// task is cancelled. Throws the base's failure.
    ///
    /// ```swift
    /// while let value = try await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      try await owner.unretainedStorage.next(isolation: actor)
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Passes this sequence's elements until `other` produces its first element, then finishes
  /// (Combine's `prefix(untilOutputFrom:)`).
  ///
  /// ```swift
  /// // "abcdef|" until "---x" is "abc[d|]": d comes first at tick 3, then x ends it.
  /// for await location in locations.prefix(untilOutputFrom: screenClosed) { show(location) }
  /// ```
  ///
  /// See ``AsyncPrefixUntilOutputSequence`` for the exact rules.
  ///
  /// - Parameter other: The sequence whose first element ends this one; its end or failure
  ///   changes nothing.
  @inlinable
  public func prefix<Other: AsyncSequence & Sendable>(
    untilOutputFrom other: Other
  ) -> AsyncPrefixUntilOutputSequence<Self, Other> where Other.Element: Sendable {
    AsyncPrefixUntilOutputSequence(base: self, other: other)
  }
}
