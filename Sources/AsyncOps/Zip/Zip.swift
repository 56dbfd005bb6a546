/// swift-async-algorithms' name for the zip of two bases: the two-base ``AsyncZipSequence``
/// whose bases share their failure type (what `zip(_:_:)`
/// returns for them).
///
/// ```swift
/// let pairs: AsyncZip2Sequence<AsyncStream<Int>, AsyncStream<String>> = zip(numbers, names)
/// ```
public typealias AsyncZip2Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable
> =
  AsyncZipSequence<Base1.Failure, Base1, Base2>
where Base1.Element: Sendable, Base2.Element: Sendable

/// swift-async-algorithms' name for the zip of three bases: the three-base ``AsyncZipSequence``
/// whose bases share their failure type.
///
/// ```swift
/// let triples: AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> =
///   zip(a, b, c)
/// ```
public typealias AsyncZip3Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable,
  Base3: AsyncSequence & Sendable
> = AsyncZipSequence<Base1.Failure, Base1, Base2, Base3>
where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable

/// Zips two asynchronous sequences: the n-th tuple holds the n-th element of each.
///
/// ```swift
/// for await (question, answer) in zip(questions, answers) {
///   print(question, answer)
/// }
/// ```
///
/// With `a` = `ab--c|` and `b` = `-x-y--|` (one tick each) the tuples are `-'ax'-'by'--|`: each
/// when its last element arrives, and the end when `b` finishes (`c` is dropped). The standard
/// library's `zip(_:_:)` of two `Sequence`s is unaffected: this one takes `AsyncSequence`s only.
/// See ``AsyncZipSequence`` for the rules.
///
/// - Returns: A sequence that throws the failure type the bases share: `Never` when neither can
///   throw, so `for await` needs no `try`.
@inlinable
public func zip<Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncZipSequence<Failure, A, B>
where A.Failure == Failure, B.Failure == Failure, A.Element: Sendable, B.Element: Sendable {
  AsyncZipSequence(a, b, readingWith: ZipFanOut.read, combiningWith: ZipFanOut.tuple)
}

/// Zips two asynchronous sequences whose failure types differ; the zip throws `any Error`.
///
/// ```swift
/// for try await (id, brew) in zip(ids, throwingBrewLoads) { print(id, brew) }
/// ```
@inlinable
public func zip<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncZipSequence<any Error, A, B>
where A.Element: Sendable, B.Element: Sendable {
  AsyncZipSequence(a, b, readingWith: ZipFanOut.read, combiningWith: ZipFanOut.tuple)
}

/// Zips three asynchronous sequences: the n-th tuple holds the n-th element of each.
///
/// ```swift
/// for await (x, y, z) in zip(xs, ys, zs) { plot(x, y, z) }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncZipSequence`` for the rules.
@inlinable
public func zip<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncZipSequence<Failure, A, B, C>
where
  A.Failure == Failure, B.Failure == Failure, C.Failure == Failure,
  A.Element: Sendable, B.Element: Sendable, C.Element: Sendable
{
  AsyncZipSequence(a, b, c, readingWith: ZipFanOut.read, combiningWith: ZipFanOut.tuple)
}

/// Zips three asynchronous sequences whose failure types differ; the zip throws `any Error`.
///
/// ```swift
/// for try await (x, y, z) in zip(xs, throwingYs, zs) { plot(x, y, z) }
/// ```
@inlinable
public func zip<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncZipSequence<any Error, A, B, C>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
  AsyncZipSequence(a, b, c, readingWith: ZipFanOut.read, combiningWith: ZipFanOut.tuple)
}

/// Zips any number of asynchronous sequences into tuples; the form for 1 base and for 4 or more.
///
/// ```swift
/// for try await (a, b, c, d) in zip(as, bs, cs, ds) {
///   print(a, b, c, d)
/// }
/// ```
///
/// The zip throws `any Error`: Swift 6.3 cannot constrain every failure type of a parameter pack
/// (same-element requirements are not supported), so even non-throwing bases need `try` here. For
/// 2 or 3 bases the fixed-arity functions are chosen instead; they keep the shared failure type.
/// One base gives its own elements; no base gives a sequence that ends at once. The bases are one
/// pack with nothing in front of it (docs/compiler-workarounds.md). See ``AsyncZipSequence``.
@inlinable
public func zip<each Base: AsyncSequence & Sendable>(
  _ base: repeat each Base
) -> AsyncZipSequence<any Error, repeat each Base>
where repeat (each Base).Element: Sendable {
  AsyncZipSequence(repeat each base)
}
