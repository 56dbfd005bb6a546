// The `chain` functions for 1 to 8 bases. Two or three bases get the
// fixed-arity ``AsyncChain2Sequence`` and ``AsyncChain3Sequence`` (specialised code, no
// existential); the other spellings get the variadic ``AsyncChainSequence``, whose links are made
// here, where the `where` clauses state that every base produces one `Element` (Swift 6.3 cannot
// state it of a parameter pack: docs/compiler-workarounds.md).

/// Chains one asynchronous sequence: its own elements (the one-base end of the family of
/// `chain` functions, so that generated code may call it with any count from 1 to 8).
///
/// ```swift
/// for await event in chain(events) { print(event) }
/// ```
@inlinable
public func chain<A: AsyncSequence>(_ a: A) -> AsyncChainSequence<A.Element, A.Failure, A> {
  AsyncChainSequence([ChainLink(a)])
}

/// Chains two asynchronous sequences of one element type: the elements of `a`, then those of `b`.
///
/// ```swift
/// for try await line in chain(header.lines, body.lines) {
///   print(line)
/// }
/// ```
///
/// `b` is not iterated before `a` has finished; a failure ends the chain. With `a` = `ab|` and
/// `b` = `xy|`, read one after the other, the chain is `abxy|`. See ``AsyncChain2Sequence``.
///
/// - Returns: A sequence that throws `A.Failure` (`Never` when `a` cannot throw, so `for await`
///   needs no `try`); its iterator's `next()` rethrows either base's error.
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence>(
  _ a: A, _ b: B
) -> AsyncChain2Sequence<A, B>
where B.Element == A.Element {
  AsyncChain2Sequence(a, b)
}

/// Chains 2 asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type (`chain(_:_:)` otherwise returns
/// ``AsyncChain2Sequence``, which throws the first base's failure type).
///
/// ```swift
/// let all: AsyncChainSequence<Int, any Error, AsyncStream<Int>, AsyncThrowingStream<Int, any Error>> =
///   chain(cached, downloaded)
/// ```
@_disfavoredOverload
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence>(
  _ a: A, _ b: B
) -> AsyncChainSequence<A.Element, any Error, A, B>
where B.Element == A.Element {
  AsyncChainSequence([ChainLink(a), ChainLink(b)])
}

/// Chains three asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await page in chain(cachedPages, savedPages, downloadedPages) {
///   show(page)
/// }
/// ```
///
/// - Returns: A sequence that throws `A.Failure` (`Never` when `a` cannot throw); its iterator's
///   `next()` rethrows any base's error. See ``AsyncChain3Sequence``.
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence, C: AsyncSequence>(
  _ a: A, _ b: B, _ c: C
) -> AsyncChain3Sequence<A, B, C>
where B.Element == A.Element, C.Element == A.Element {
  AsyncChain3Sequence(a, b, c)
}

/// Chains 3 asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type.
///
/// ```swift
/// let all: AsyncChainSequence<Int, any Error, A, B, C> = chain(a, b, c)
/// ```
@_disfavoredOverload
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence, C: AsyncSequence>(
  _ a: A, _ b: B, _ c: C
) -> AsyncChainSequence<A.Element, any Error, A, B, C>
where B.Element == A.Element, C.Element == A.Element {
  AsyncChainSequence([ChainLink(a), ChainLink(b), ChainLink(c)])
}

/// Chains 4 asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4) {
///   read(chapter)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<
  Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncChainSequence<A.Element, Failure, A, B, C, D>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element
{
  AsyncChainSequence([ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d)])
}

/// Chains 4 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c, d) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncChainSequence<A.Element, any Error, A, B, C, D>
where B.Element == A.Element, C.Element == A.Element, D.Element == A.Element {
  AsyncChainSequence([ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d)])
}

/// Chains 5 asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4, part5) {
///   read(chapter)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<
  Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence,
  E: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> AsyncChainSequence<A.Element, Failure, A, B, C, D, E>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  E.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  E.Element == A.Element
{
  AsyncChainSequence([ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e)])
}

/// Chains 5 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c, d, e) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<
  A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence, E: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> AsyncChainSequence<A.Element, any Error, A, B, C, D, E>
where B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element
{
  AsyncChainSequence([ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e)])
}

/// Chains 6 asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4, part5, part6) {
///   read(chapter)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<
  Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence,
  E: AsyncSequence, F: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> AsyncChainSequence<A.Element, Failure, A, B, C, D, E, F>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  E.Failure == Failure,
  F.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  E.Element == A.Element,
  F.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
  ])
}

/// Chains 6 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c, d, e, f) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<
  A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence, E: AsyncSequence,
  F: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> AsyncChainSequence<A.Element, any Error, A, B, C, D, E, F>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
  ])
}

/// Chains 7 asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4, part5, part6, part7) {
///   read(chapter)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<
  Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence,
  E: AsyncSequence, F: AsyncSequence, G: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
) -> AsyncChainSequence<A.Element, Failure, A, B, C, D, E, F, G>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  E.Failure == Failure,
  F.Failure == Failure,
  G.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  E.Element == A.Element,
  F.Element == A.Element,
  G.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
    ChainLink(g),
  ])
}

/// Chains 7 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c, d, e, f, g) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<
  A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence, E: AsyncSequence,
  F: AsyncSequence, G: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
) -> AsyncChainSequence<A.Element, any Error, A, B, C, D, E, F, G>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element, G.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
    ChainLink(g),
  ])
}

/// Chains 8 asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4, part5, part6, part7, part8) {
///   read(chapter)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<
  Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence,
  E: AsyncSequence, F: AsyncSequence, G: AsyncSequence, H: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
) -> AsyncChainSequence<A.Element, Failure, A, B, C, D, E, F, G, H>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  E.Failure == Failure,
  F.Failure == Failure,
  G.Failure == Failure,
  H.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  E.Element == A.Element,
  F.Element == A.Element,
  G.Element == A.Element,
  H.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
    ChainLink(g), ChainLink(h),
  ])
}

/// Chains 8 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c, d, e, f, g, h) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<
  A: AsyncSequence, B: AsyncSequence, C: AsyncSequence, D: AsyncSequence, E: AsyncSequence,
  F: AsyncSequence, G: AsyncSequence, H: AsyncSequence
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
) -> AsyncChainSequence<A.Element, any Error, A, B, C, D, E, F, G, H>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element, G.Element == A.Element, H.Element == A.Element
{
  AsyncChainSequence([
    ChainLink(a), ChainLink(b), ChainLink(c), ChainLink(d), ChainLink(e), ChainLink(f),
    ChainLink(g), ChainLink(h),
  ])
}
