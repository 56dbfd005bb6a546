/// An asynchronous sequence that pairs each element of its base with the latest element of a
/// second sequence; made by
/// ``_Concurrency/AsyncSequence/withLatestFrom(_:)->AsyncWithLatestFromSequence<Self,Other,Self.Failure>``.
///
/// ```swift
/// // Each tap of "Send" carries the text field's current contents:
/// for await (_, draft) in sendTaps.withLatestFrom(draftText) {
///   await send(draft)
/// }
/// ```
///
/// The rules (WithLatestFrom rules 1–5 of the Semantics article):
/// 1. `other` is read continuously from the first `next()`; only its latest element is kept.
/// 2. Each element of the base is emitted paired with `other`'s latest element at its arrival;
///    an element that arrives before `other` has produced anything is dropped.
/// 3. At one instant the base comes first: its element pairs with `other`'s latest from before.
/// 4. The sequence ends when the base ends, and only then: the end of `other` only freezes its
///    latest element. A failure of either ends the sequence at once (a pair the consumer has not
///    taken is dropped) and cancels the other read. The base is read one element ahead at most
///    (lossless); `other` is conflated.
/// 5. RxSwift's and CombineExt's `withLatestFrom` agree on every instant.
///
/// Cancelling the consuming task (or dropping the iterator) ends the iteration (`nil`) and
/// cancels both reads.
public struct AsyncWithLatestFromSequence<
  Base: AsyncSequence & Sendable, Other: AsyncSequence & Sendable, Failure: Error
>: AsyncSequence, Sendable
where Base.Element: Sendable, Other.Element: Sendable {
  /// An element of the base with `other`'s latest element.
  public typealias Element = (Base.Element, Other.Element)

  @usableFromInline typealias Machine = WithLatestFromStateMachine<
    Base.Element, Other.Element, Failure, ContinuousClock.Instant,
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
  /// var iterator = paired.makeAsyncIterator()
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

  /// Produces the pairs.
  ///
  /// ```swift
  /// var iterator = taps.withLatestFrom(text).makeAsyncIterator()
  /// while let (tap, text) = try await iterator.next() { print(tap, text) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let owner: IteratorLifetime<Storage>

    @inlinable
    init(owner: IteratorLifetime<Storage>) {
      self.owner = owner
    }

    /// The next pair; `nil` once the base ended, after a failure, or once the consuming task is
    /// cancelled. Throws the first failure of either sequence.
    ///
    /// ```swift
    /// while let pair = try await iterator.next(isolation: #isolation) { print(pair) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      try await owner.unretainedStorage.next(isolation: actor)
    }

    /// The next pair; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Pairs each element with the latest element of `other` (RxSwift's `withLatestFrom`); the
  /// failure type is the one both sequences share.
  ///
  /// ```swift
  /// // "-a--b-c|" with "x--y---" is "-'ax'--'by'-'cy'|"
  /// for try await (tap, text) in taps.withLatestFrom(text) { print(tap, text) }
  /// ```
  ///
  /// See ``AsyncWithLatestFromSequence`` for the exact rules.
  ///
  /// - Parameter other: The sequence whose latest element each element is paired with.
  @inlinable
  public func withLatestFrom<Other: AsyncSequence & Sendable>(
    _ other: Other
  ) -> AsyncWithLatestFromSequence<Self, Other, Failure>
  where Other.Element: Sendable, Other.Failure == Failure {
    AsyncWithLatestFromSequence(base: self, other: other)
  }

  /// Pairs each element with the latest element of `other`; the sequences fail differently, so
  /// the failure is `any Error`.
  ///
  /// ```swift
  /// for try await (tap, text) in taps.withLatestFrom(throwingText) { print(tap, text) }
  /// ```
  ///
  /// - Parameter other: The sequence whose latest element each element is paired with.
  @inlinable
  public func withLatestFrom<Other: AsyncSequence & Sendable>(
    _ other: Other
  ) -> AsyncWithLatestFromSequence<Self, Other, any Error> where Other.Element: Sendable {
    AsyncWithLatestFromSequence(base: self, other: other)
  }
}
