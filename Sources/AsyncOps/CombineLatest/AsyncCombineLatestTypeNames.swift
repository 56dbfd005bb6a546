/// The type swift-async-algorithms names `AsyncCombineLatest2Sequence`: here the two-base case of
/// ``AsyncCombineLatestSequence``, so code that writes the name out compiles unchanged.
///
/// ```swift
/// let pairs: AsyncCombineLatest2Sequence<AsyncStream<Int>, AsyncStream<String>> =
///   combineLatest(ratings, queries)
/// ```
///
/// `Failure` is the first base's failure type, which is the one
/// ``combineLatest(_:_:)->AsyncCombineLatestSequence<Failure,A,B>`` gives when both bases share
/// it (the usual case). For bases whose failure types differ, write
/// `AsyncCombineLatestSequence<any Error, Base1, Base2>`.
public typealias AsyncCombineLatest2Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable
> = AsyncCombineLatestSequence<Base1.Failure, Base1, Base2>
where Base1.Element: Sendable, Base2.Element: Sendable

/// The type swift-async-algorithms names `AsyncCombineLatest3Sequence`: here the three-base case
/// of ``AsyncCombineLatestSequence``, so code that writes the name out compiles unchanged.
///
/// ```swift
/// let triples: AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> =
///   combineLatest(a, b, c)
/// ```
///
/// `Failure` is the first base's failure type, as for ``AsyncCombineLatest2Sequence``.
public typealias AsyncCombineLatest3Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable,
  Base3: AsyncSequence & Sendable
> = AsyncCombineLatestSequence<Base1.Failure, Base1, Base2, Base3>
where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable
