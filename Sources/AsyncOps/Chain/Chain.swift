// The `chain` functions for 1 to 8 bases: thin spellings of the one variadic core,
// ``AsyncChainSequence``, spelled out per arity because Swift 6.3 cannot state that every base of
// a parameter pack has the same `Element` (docs/compiler-workarounds.md).

/// swift-async-algorithms' name for the chain of two bases: the two-base ``AsyncChainSequence``
/// whose bases share their failure type (what `chain(_:_:)` returns for them).
///
/// ```swift
/// let lines: AsyncChain2Sequence<AsyncStream<String>, AsyncStream<String>> = chain(head, tail)
/// ```
public typealias AsyncChain2Sequence<Base1: AsyncSequence, Base2: AsyncSequence> =
  AsyncChainSequence<Base1.Element, Base1.Failure, Base1, Base2>
where Base1.Element == Base2.Element

/// swift-async-algorithms' name for the chain of three bases: the three-base
/// ``AsyncChainSequence`` whose bases share their failure type.
///
/// ```swift
/// let pages: AsyncChain3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> =
///   chain(a, b, c)
/// ```
public typealias AsyncChain3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
> = AsyncChainSequence<Base1.Element, Base1.Failure, Base1, Base2, Base3>
where Base1.Element == Base2.Element, Base1.Element == Base3.Element

/// Chains one asynchronous sequence: its own elements (the one-base end of the family of
/// `chain` functions, so that generated code may call it with any count from 1 to 8).
///
/// ```swift
/// for await event in chain(events) { print(event) }
/// ```
@inlinable
public func chain<A: AsyncSequence>(_ a: A) -> AsyncChainSequence<A.Element, A.Failure, A> {
  AsyncChainSequence(a)
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
/// `b` = `xy|`, read one after the other, the chain is `abxy|`. See ``AsyncChainSequence``.
///
/// - Returns: A sequence that throws the failure type the bases share: `Never` when neither can
///   throw, so `for await` needs no `try`.
@inlinable
public func chain<Failure: Error, A: AsyncSequence, B: AsyncSequence>(
  _ a: A, _ b: B
) -> AsyncChainSequence<A.Element, Failure, A, B>
where
  A.Failure == Failure,
  B.Failure == Failure,
  B.Element == A.Element
{
  AsyncChainSequence(a, b)
}

/// Chains 2 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence>(
  _ a: A, _ b: B
) -> AsyncChainSequence<A.Element, any Error, A, B>
where B.Element == A.Element {
  AsyncChainSequence(a, b)
}

/// Chains three asynchronous sequences of one element type, one after the other.
///
/// ```swift
/// for await page in chain(cachedPages, savedPages, downloadedPages) {
///   show(page)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncChainSequence``.
@inlinable
public func chain<Failure: Error, A: AsyncSequence, B: AsyncSequence, C: AsyncSequence>(
  _ a: A, _ b: B, _ c: C
) -> AsyncChainSequence<A.Element, Failure, A, B, C>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element
{
  AsyncChainSequence(a, b, c)
}

/// Chains 3 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in chain(a, b, c) {
///   print(element)
/// }
/// ```
@inlinable
public func chain<A: AsyncSequence, B: AsyncSequence, C: AsyncSequence>(
  _ a: A, _ b: B, _ c: C
) -> AsyncChainSequence<A.Element, any Error, A, B, C>
where B.Element == A.Element, C.Element == A.Element {
  AsyncChainSequence(a, b, c)
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
  AsyncChainSequence(a, b, c, d)
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
  AsyncChainSequence(a, b, c, d)
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
  AsyncChainSequence(a, b, c, d, e)
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
  AsyncChainSequence(a, b, c, d, e)
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
  AsyncChainSequence(a, b, c, d, e, f)
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
  AsyncChainSequence(a, b, c, d, e, f)
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
  AsyncChainSequence(a, b, c, d, e, f, g)
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
  AsyncChainSequence(a, b, c, d, e, f, g)
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
  AsyncChainSequence(a, b, c, d, e, f, g, h)
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
  AsyncChainSequence(a, b, c, d, e, f, g, h)
}
