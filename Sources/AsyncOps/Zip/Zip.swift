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
/// Any two bases are accepted, whatever their failure types, and the result is
/// ``AsyncZip2Sequence`` (swift-async-algorithms' name). As there, the zip throws the **first**
/// base's failure type: `Never` when `a` cannot throw, so `for await` needs no `try`. An error of
/// `b` that this type cannot hold reaches a caller of the iterator's `next()` (which rethrows, as
/// in swift-async-algorithms), but stops the program under `for await`, as in
/// swift-async-algorithms; put the base that throws `any Error` first, or name the `any Error`
/// form:
///
/// ```swift
/// let pairs: AsyncZipSequence<any Error, AsyncStream<Int>, AsyncThrowingStream<Brew, any Error>> =
///   zip(ids, brewLoads)
/// ```
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func zip<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncZip2Sequence<A, B>
where A.Element: Sendable, B.Element: Sendable {
  AsyncZip2Sequence(a, b)
}

/// Zips two asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type (`zip(_:_:)` otherwise returns
/// ``AsyncZip2Sequence``, which throws the first base's failure type).
///
/// ```swift
/// let pairs: AsyncZipSequence<any Error, AsyncStream<Int>, AsyncThrowingStream<Brew, any Error>> =
///   zip(ids, brewLoads)
/// for try await (id, brew) in pairs { print(id, brew) }
/// ```
@_disfavoredOverload
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
/// Any three bases are accepted and the result is ``AsyncZip3Sequence``; it throws the first
/// base's failure type, with the same rule as the two-base `zip(_:_:)`. See ``AsyncZipSequence``
/// for the rules.
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func zip<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncZip3Sequence<A, B, C>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
  AsyncZip3Sequence(a, b, c)
}

/// Zips three asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type.
///
/// ```swift
/// let triples: AsyncZipSequence<any Error, A, B, C> = zip(xs, throwingYs, zs)
/// ```
@_disfavoredOverload
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
/// 2 or 3 bases the fixed-arity functions are chosen instead; they throw the first base's failure
/// type.
/// One base gives its own elements; no base gives a sequence that ends at once. The bases are one
/// pack with nothing in front of it (docs/compiler-workarounds.md). See ``AsyncZipSequence``.
@inlinable
public func zip<each Base: AsyncSequence & Sendable>(
  _ base: repeat each Base
) -> AsyncZipSequence<any Error, repeat each Base>
where repeat (each Base).Element: Sendable {
  AsyncZipSequence(repeat each base)
}
