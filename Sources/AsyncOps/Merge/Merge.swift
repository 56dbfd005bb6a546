// The `merge` functions for 1 to 8 bases: thin spellings of the one variadic core,
// ``AsyncMergeSequence``. They are spelled out per arity because Swift 6.3 cannot state that
// every base of a parameter pack has the same `Element` ("same-element requirements are not yet
// supported"; docs/compiler-workarounds.md), and a merge of different element types must not
// compile.

/// Merges one asynchronous sequence: its own elements (the one-base end of the family of
/// `merge` functions, so that generated code may call it with any count from 1 to 8).
///
/// ```swift
/// for await event in merge(events) { print(event) }
/// ```
@inlinable
public func merge<A: AsyncSequence & Sendable>(_ a: A) -> AsyncMergeSequence<
  A.Element, A.Failure, A
> where A.Element: Sendable {
  AsyncMergeSequence(a)
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

/// Merges 4 asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await reading in merge(sensor1, sensor2, sensor3, sensor4) {
///   record(reading)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncMergeSequence`` for the rules.
@inlinable
public func merge<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncMergeSequence<A.Element, Failure, A, B, C, D>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, readingWith: MergeFanOut.read)
}

/// Merges 4 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in merge(a, b, c, d) {
///   print(element)
/// }
/// ```
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> AsyncMergeSequence<A.Element, any Error, A, B, C, D>
where B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, A.Element: Sendable {
  AsyncMergeSequence(a, b, c, d, readingWith: MergeFanOut.read)
}

/// Merges 5 asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await reading in merge(sensor1, sensor2, sensor3, sensor4, sensor5) {
///   record(reading)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncMergeSequence`` for the rules.
@inlinable
public func merge<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable, E: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> AsyncMergeSequence<A.Element, Failure, A, B, C, D, E>
where
  A.Failure == Failure,
  B.Failure == Failure,
  C.Failure == Failure,
  D.Failure == Failure,
  E.Failure == Failure,
  B.Element == A.Element,
  C.Element == A.Element,
  D.Element == A.Element,
  E.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e)
}

/// Merges 5 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in merge(a, b, c, d, e) {
///   print(element)
/// }
/// ```
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable, E: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> AsyncMergeSequence<A.Element, any Error, A, B, C, D, E>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e)
}

/// Merges 6 asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await reading in merge(sensor1, sensor2, sensor3, sensor4, sensor5, sensor6) {
///   record(reading)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncMergeSequence`` for the rules.
@inlinable
public func merge<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable, E: AsyncSequence & Sendable,
  F: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> AsyncMergeSequence<A.Element, Failure, A, B, C, D, E, F>
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
  F.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f)
}

/// Merges 6 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in merge(a, b, c, d, e, f) {
///   print(element)
/// }
/// ```
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable, E: AsyncSequence & Sendable, F: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> AsyncMergeSequence<A.Element, any Error, A, B, C, D, E, F>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element, A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f)
}

/// Merges 7 asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await reading in merge(sensor1, sensor2, sensor3, sensor4, sensor5, sensor6, sensor7) {
///   record(reading)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncMergeSequence`` for the rules.
@inlinable
public func merge<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable, E: AsyncSequence & Sendable,
  F: AsyncSequence & Sendable, G: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
) -> AsyncMergeSequence<A.Element, Failure, A, B, C, D, E, F, G>
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
  G.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f, g)
}

/// Merges 7 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in merge(a, b, c, d, e, f, g) {
///   print(element)
/// }
/// ```
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable, E: AsyncSequence & Sendable, F: AsyncSequence & Sendable,
  G: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
) -> AsyncMergeSequence<A.Element, any Error, A, B, C, D, E, F, G>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element, G.Element == A.Element, A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f, g)
}

/// Merges 8 asynchronous sequences of one element type into one, in the order the elements
/// arrive.
///
/// ```swift
/// for await reading in merge(sensor1, sensor2, sensor3, sensor4, sensor5, sensor6, sensor7, sensor8) {
///   record(reading)
/// }
/// ```
///
/// - Returns: A sequence that throws the failure type the bases share (`Never` when none can
///   throw). See ``AsyncMergeSequence`` for the rules.
@inlinable
public func merge<
  Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
  C: AsyncSequence & Sendable, D: AsyncSequence & Sendable, E: AsyncSequence & Sendable,
  F: AsyncSequence & Sendable, G: AsyncSequence & Sendable, H: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
) -> AsyncMergeSequence<A.Element, Failure, A, B, C, D, E, F, G, H>
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
  H.Element == A.Element,
  A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f, g, h)
}

/// Merges 8 asynchronous sequences whose failure types differ; the result throws `any Error`.
///
/// ```swift
/// for try await element in merge(a, b, c, d, e, f, g, h) {
///   print(element)
/// }
/// ```
@inlinable
public func merge<
  A: AsyncSequence & Sendable, B: AsyncSequence & Sendable, C: AsyncSequence & Sendable,
  D: AsyncSequence & Sendable, E: AsyncSequence & Sendable, F: AsyncSequence & Sendable,
  G: AsyncSequence & Sendable, H: AsyncSequence & Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
) -> AsyncMergeSequence<A.Element, any Error, A, B, C, D, E, F, G, H>
where
  B.Element == A.Element, C.Element == A.Element, D.Element == A.Element, E.Element == A.Element,
  F.Element == A.Element, G.Element == A.Element, H.Element == A.Element, A.Element: Sendable
{
  AsyncMergeSequence(a, b, c, d, e, f, g, h)
}
