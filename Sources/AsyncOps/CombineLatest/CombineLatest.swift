/// Combines the latest elements of two asynchronous sequences into tuples.
///
/// ```swift
/// for await (query, minimumRating) in combineLatest(queries, ratings) {
///   show(brews.filter { $0.matches(query) && $0.rating >= minimumRating })
/// }
/// ```
///
/// With `a` = `a-b-c-|` and `b` = `-x-y-z|` (one tick each), the tuples are
/// `-'ax''bx''by''cy''cz'|` (a tuple written as its parts in quotes): nothing until both have
/// produced, then one tuple per element.
/// See ``AsyncCombineLatestSequence`` for the rules on backpressure, finishing and failure.
///
/// Any two bases are accepted, whatever their failure types, and the result is
/// ``AsyncCombineLatest2Sequence`` (swift-async-algorithms' name). As there, the combination
/// throws the **first** base's failure type: `Never` when `a` cannot throw, so `for await` needs
/// no `try`. An error of `b` that this type cannot hold reaches a caller of the iterator's
/// `next()` (which rethrows, as in swift-async-algorithms), but stops the program under
/// `for await`, as in swift-async-algorithms; put the base that throws `any Error` first, or name
/// the `any Error` form, `AsyncCombineLatestSequence<any Error, A, B>`.
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func combineLatest<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncCombineLatest2Sequence<A, B>
where A.Element: Sendable, B.Element: Sendable {
  AsyncCombineLatest2Sequence(a, b)
}

/// Combines the latest elements of two asynchronous sequences whose failure types differ into a
/// sequence that throws `any Error`: chosen only when the caller names that type.
///
/// ```swift
/// let pairs: AsyncCombineLatestSequence<any Error, AsyncThrowingStream<[Brew], any Error>, AsyncStream<String>> =
///   combineLatest(brewLoads, queries)
/// for try await (brews, query) in pairs { ... }
/// ```
@_disfavoredOverload
@inlinable
public func combineLatest<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncCombineLatestSequence<any Error, A, B>
where A.Element: Sendable, B.Element: Sendable {
  AsyncCombineLatestSequence(
    a, b, readingWith: CombineLatestFanOut.read, combiningWith: CombineLatestFanOut.tuple)
}

/// Combines the latest elements of three asynchronous sequences into tuples.
///
/// ```swift
/// for await (query, method, minimumRating) in combineLatest(queries, methods, ratings) { ... }
/// ```
///
/// Any three bases are accepted and the result is ``AsyncCombineLatest3Sequence``; it throws the
/// first base's failure type, with the same rule as the two-base `combineLatest(_:_:)`. See
/// ``AsyncCombineLatestSequence`` for the rules.
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func combineLatest<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncCombineLatest3Sequence<A, B, C>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
  AsyncCombineLatest3Sequence(a, b, c)
}

/// Combines the latest elements of three asynchronous sequences whose failure types differ into a
/// sequence that throws `any Error`: chosen only when the caller names that type.
///
/// ```swift
/// let triples: AsyncCombineLatestSequence<any Error, A, B, C> = combineLatest(a, b, c)
/// ```
@_disfavoredOverload
@inlinable
public func combineLatest<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncCombineLatestSequence<any Error, A, B, C>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
  AsyncCombineLatestSequence(
    a, b, c, readingWith: CombineLatestFanOut.read, combiningWith: CombineLatestFanOut.tuple)
}

/// Combines the latest elements of four asynchronous sequences into tuples.
///
/// ```swift
/// for await (query, method, minimumRating, brews)
///   in combineLatest(debouncedQueries, methods, ratings, brewLists)
/// {
///   results = brews.filter { ... }
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncCombineLatestSequence`` for the rules.
@inlinable
public func combineLatest<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncCombineLatestSequence<Failure, A, B, C, D>
where
  A.Failure == Failure, B.Failure == Failure, C.Failure == Failure, D.Failure == Failure,
  A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable
{
  AsyncCombineLatestSequence(
    a, b, c, d, readingWith: CombineLatestFanOut.read, combiningWith: CombineLatestFanOut.tuple)
}

/// Combines the latest elements of four asynchronous sequences whose failure types differ; the
/// combination throws `any Error`.
@inlinable
public func combineLatest<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncCombineLatestSequence<any Error, A, B, C, D>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable {
  AsyncCombineLatestSequence(
    a, b, c, d, readingWith: CombineLatestFanOut.read, combiningWith: CombineLatestFanOut.tuple)
}

/// Combines the latest elements of any number of asynchronous sequences into tuples; the form for
/// five bases or more.
///
/// ```swift
/// for try await (text, method, rating, brews, favourites)
///   in combineLatest(texts, methods, ratings, brewLists, favouriteLists)
/// {
///   print(text, method, rating, brews.count, favourites.count)
/// }
/// ```
///
/// The combination throws `any Error`: Swift 6.3 cannot yet constrain every failure type of a
/// parameter pack to be `Never` (same-element requirements are not supported), so even
/// non-throwing bases need `try` here. For 2, 3 or 4 bases the fixed-arity functions are chosen
/// instead (those for 2 and 3 throw the first base's failure type, that for 4 the shared one). One base gives its own elements (as one-element
/// tuples, which Swift writes as the element); no base gives a sequence that ends at once.
/// See ``AsyncCombineLatestSequence`` for the rules.
///
/// The bases are one parameter pack, not five named parameters followed by a pack: a pack
/// concatenated after named parameters crashes the Swift 6.3 optimiser when a client specialises
/// the call, and defeats type inference of a destructured `for try await (a, b, c, d, e) in`
/// (docs/compiler-workarounds.md).
@inlinable
public func combineLatest<each Base: AsyncSequence & Sendable>(
  _ base: repeat each Base
) -> AsyncCombineLatestSequence<any Error, repeat each Base>
where repeat (each Base).Element: Sendable {
  AsyncCombineLatestSequence(repeat each base)
}
