// The shape of swift-service-lifecycle's cancel-on-graceful-shutdown sequence: a sequence generic
// over its base that merges a base-derived sequence (failing with the generic `Base.Failure`) with
// one that cannot fail, and stores the result in a property of swift-async-algorithms' type name.

import AsyncOps

/// The elements of `base`, and a `nil` each time `signal` fires.
public struct MergedWithSignal<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The base's element, or `nil` for a signal.
  public typealias Element = Base.Element?

  // saa: AsyncMerge2Sequence, merge(_:_:)
  let merged:
    AsyncMerge2Sequence<
      AsyncMapSequence<Base, Base.Element?>, AsyncMapSequence<AsyncStream<Void>, Base.Element?>
    >

  /// Merges `base` with `signal`, whose elements become `nil`.
  public init(base: Base, signal: AsyncStream<Void>) {
    merged = merge(base.map { Optional($0) }, signal.map { _ in nil })
  }

  // saa: AsyncMerge2Sequence.makeAsyncIterator()
  /// The merge's own iterator.
  public func makeAsyncIterator()
    -> AsyncMerge2Sequence<
      AsyncMapSequence<Base, Base.Element?>, AsyncMapSequence<AsyncStream<Void>, Base.Element?>
    >.Iterator
  {
    merged.makeAsyncIterator()
  }
}
