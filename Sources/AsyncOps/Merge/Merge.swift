// The `merge` functions for 1 to 3 bases, written by hand because they return
// swift-async-algorithms' type names; 4 bases and more are in Merge+Arities.swift, which
// scripts/generate-arities writes from its table. Each count is a function of its own because
// Swift 6.3 cannot state that every base of a parameter pack has the same `Element`
// ("same-element requirements are not yet supported"; docs/compiler-workarounds.md), and a merge
// of different element types must not compile.

/// Merges one asynchronous sequence: its own elements (the one-base end of the family of
/// `merge` functions, so that generated code may call it with any count).
///
/// ```swift
/// for await event in merge(events) { print(event) }
/// ```
@inlinable
public func merge<A: AsyncSequence & Sendable>(_ a: A) -> AsyncMergeSequence<
  A.Element, A.Failure, A
> where A.Element: Sendable {
  AsyncMergeSequence(a, readingWith: MergeFanOut.read)
}

/// Merges two asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await event in merge(networkEvents, localEvents) {
///   apply(event)
/// }
/// ```
///
/// With `a` = `a-c---|` and `b` = `-b--d|` (one tick each) the merge is `abc-d-|`: each element
/// when it arrives, the end when both have finished. See ``AsyncMergeSequence`` for the rules on
/// backpressure, failure and cancellation.
///
/// Any two bases with one element type are accepted, whatever their failure types, and the result
/// is ``AsyncMerge2Sequence`` (swift-async-algorithms' name, so a property or a return type of that
/// name holds it). As in swift-async-algorithms, the merge throws the **first** base's failure type:
/// `Never` when `a` cannot throw, so `for await` needs no `try`. When the bases share a failure type
/// that is exact. When `b` can throw an error that `a`'s failure type cannot hold (`a` is an
/// `AsyncStream`, `b` an `AsyncThrowingStream`), the iterator's `next()` called by hand
/// (`try await iterator.next()`) delivers it, as swift-async-algorithms' does; only `for await`,
/// which throws `A.Failure`, stops the program on it, as swift-async-algorithms' does. Put the base
/// that throws `any Error` first, or ask for the `any Error` form by naming it:
///
/// ```swift
/// let events: AsyncMergeSequence<Int, any Error, AsyncStream<Int>, AsyncThrowingStream<Int, any Error>> =
///   merge(taps, loads)
/// ```
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func merge<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncMerge2Sequence<A, B>
where B.Element == A.Element, A.Element: Sendable {
  AsyncMerge2Sequence(a, b)
}

/// Merges 2 asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type (`merge(_:_:)` otherwise returns
/// ``AsyncMerge2Sequence``, which throws the first base's failure type).
///
/// ```swift
/// let all: AsyncMergeSequence<Int, any Error, AsyncStream<Int>, AsyncThrowingStream<Int, any Error>> =
///   merge(taps, loads)
/// for try await element in all { print(element) }
/// ```
@_disfavoredOverload
@inlinable
public func merge<A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
  _ a: A, _ b: B
) -> AsyncMergeSequence<A.Element, any Error, A, B>
where B.Element == A.Element, A.Element: Sendable {
  AsyncMergeSequence(a, b, readingWith: MergeFanOut.read)
}

/// Merges three asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await message in merge(inbox, outbox, drafts) {
///   show(message)
/// }
/// ```
///
/// Any three bases with one element type are accepted and the result is ``AsyncMerge3Sequence``;
/// it throws the first base's failure type, with the same rule as the
/// two-base `merge(_:_:)`.
/// See ``AsyncMergeSequence`` for the rules.
///
/// - Returns: A sequence that throws `A.Failure`.
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncMerge3Sequence<A, B, C>
where B.Element == A.Element, C.Element == A.Element, A.Element: Sendable {
  AsyncMerge3Sequence(a, b, c)
}

/// Merges 3 asynchronous sequences whose failure types differ into a sequence that throws
/// `any Error`: chosen only when the caller names that type.
///
/// ```swift
/// let all: AsyncMergeSequence<Int, any Error, A, B, C> = merge(a, b, c)
/// ```
@_disfavoredOverload
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C
) -> AsyncMergeSequence<A.Element, any Error, A, B, C>
where B.Element == A.Element, C.Element == A.Element, A.Element: Sendable {
  AsyncMergeSequence(a, b, c, readingWith: MergeFanOut.read)
}
