// The `chain` functions for 1 to 3 bases; 4 bases and more are in Chain+Arities.swift, which
// scripts/generate-arities writes from its table. Two or three bases of one failure type get the
// fixed-arity ``AsyncChain2Sequence`` and ``AsyncChain3Sequence`` (specialised code, no
// existential); the other spellings get the variadic ``AsyncChainSequence``, whose links are made
// where the `where` clauses state that every base produces one `Element` (Swift 6.3 cannot state
// it of a parameter pack: docs/compiler-workarounds.md).

/// Chains one asynchronous sequence: its own elements (the one-base end of the family of
/// `chain` functions, so that generated code may call it with any count).
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
