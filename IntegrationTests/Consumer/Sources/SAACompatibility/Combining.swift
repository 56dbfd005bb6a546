// merge, zip and combineLatest of 2 and 3 bases, used the loosest ways swift-async-algorithms
// 1.1.5 allows: generic bases with only the constraints its declarations state, mixed failure
// types (`Never`, a typed error, `any Error`, a generic `Base.Failure`), results stored under the
// type names and iterated with `for await` where it needs no `try`. Each `// saa:` line names the
// declarations (docs/saa-migration/saa-1.1.5-declarations.txt) the code below it uses.

import AsyncOps

// saa: merge(_:_:), AsyncMerge2Sequence
/// A generic function over two bases with only merge's own constraints.
public func mergeAny<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncMerge2Sequence<Base1, Base2>
where Base1.Element == Base2.Element, Base1: Sendable, Base2: Sendable, Base1.Element: Sendable {
  merge(base1, base2)
}

// saa: merge(_:_:_:), AsyncMerge3Sequence
/// A generic function over three bases with only merge's own constraints.
public func mergeAny<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncMerge3Sequence<Base1, Base2, Base3>
where
  Base1.Element == Base2.Element, Base1.Element == Base3.Element, Base1: Sendable,
  Base2: Sendable, Base3: Sendable, Base1.Element: Sendable
{
  merge(base1, base2, base3)
}

// saa: zip(_:_:), AsyncZip2Sequence
/// A generic function over two bases with only zip's own constraints.
public func zipAny<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncZip2Sequence<Base1, Base2>
where Base1: Sendable, Base1.Element: Sendable, Base2: Sendable, Base2.Element: Sendable {
  zip(base1, base2)
}

// saa: zip(_:_:_:), AsyncZip3Sequence
/// A generic function over three bases with only zip's own constraints.
public func zipAny<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncZip3Sequence<Base1, Base2, Base3>
where
  Base1: Sendable, Base1.Element: Sendable, Base2: Sendable, Base2.Element: Sendable,
  Base3: Sendable, Base3.Element: Sendable
{
  zip(base1, base2, base3)
}

// saa: combineLatest(_:_:), AsyncCombineLatest2Sequence
/// A generic function over two bases with only combineLatest's own constraints.
public func combineLatestAny<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncCombineLatest2Sequence<Base1, Base2>
where Base1: Sendable, Base1.Element: Sendable, Base2: Sendable, Base2.Element: Sendable {
  combineLatest(base1, base2)
}

// saa: combineLatest(_:_:_:), AsyncCombineLatest3Sequence
/// A generic function over three bases with only combineLatest's own constraints.
public func combineLatestAny<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncCombineLatest3Sequence<Base1, Base2, Base3>
where
  Base1: Sendable, Base1.Element: Sendable, Base2: Sendable, Base2.Element: Sendable,
  Base3: Sendable, Base3.Element: Sendable
{
  combineLatest(base1, base2, base3)
}

/// Holds one value of every 2- and 3-base type name, as properties of those types.
public struct CombinedHolder: Sendable {
  // saa: AsyncMerge2Sequence, AsyncMerge3Sequence
  /// A merge whose first base throws `any Error`, the second not.
  public var merged2: AsyncMerge2Sequence<AsyncThrowingStream<Int, any Error>, AsyncStream<Int>>
  /// A merge of three.
  public var merged3: AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>>
  // saa: AsyncZip2Sequence, AsyncZip3Sequence
  /// A zip whose second base throws `any Error`, the first not.
  public var zipped2: AsyncZip2Sequence<AsyncStream<Int>, AsyncThrowingStream<String, any Error>>
  /// A zip of three.
  public var zipped3: AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
  // saa: AsyncCombineLatest2Sequence, AsyncCombineLatest3Sequence
  /// A combination whose first base throws.
  public var latest2:
    AsyncCombineLatest2Sequence<AsyncThrowingStream<Int, any Error>, AsyncStream<String>>
  /// A combination of three.
  public var latest3:
    AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
}

/// Streams that yield `elements` and finish.
func stream<Element: Sendable>(_ elements: [Element]) -> AsyncStream<Element> {
  AsyncStream { continuation in
    for element in elements { continuation.yield(element) }
    continuation.finish()
  }
}

/// Throwing streams that yield `elements` and finish.
func throwingStream<Element: Sendable>(_ elements: [Element]) -> AsyncThrowingStream<
  Element, any Error
> {
  AsyncThrowingStream { continuation in
    for element in elements { continuation.yield(element) }
    continuation.finish()
  }
}

/// The failure of ``failingStream(_:)``.
public struct SecondBaseFailure: Error, CustomStringConvertible {
  /// `failed`.
  public var description: String { "failed" }
}

/// A throwing stream that fails at once with ``SecondBaseFailure``.
func failingStream<Element: Sendable>(_: Element.Type) -> AsyncThrowingStream<Element, any Error> {
  AsyncThrowingStream { $0.finish(throwing: SecondBaseFailure()) }
}

/// Runs every 2- and 3-base form once; returns what each produced, in a fixed order.
public func runCombining() async throws -> [String] {
  var lines: [String] = []

  // `for await` without `try`: no base can throw.
  // saa: merge(_:_:), merge(_:_:_:), AsyncMerge2Sequence.Element, AsyncMerge3Sequence.Element
  var merged: [AsyncMerge2Sequence<AsyncStream<Int>, AsyncStream<Int>>.Element] = []
  for await value in merge(stream([1, 2]), stream([3])) { merged.append(value) }
  var merged3: [AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>>.Element] =
    []
  for await value in merge(stream([1]), stream([2]), stream([3])) { merged3.append(value) }
  lines.append("merge \(merged.sorted()) \(merged3.sorted())")

  // saa: zip(_:_:), zip(_:_:_:), AsyncZip2Sequence.Element, AsyncZip3Sequence.Element
  var zipped: [AsyncZip2Sequence<AsyncStream<Int>, AsyncStream<String>>.Element] = []
  for await pair in zip(stream([1, 2]), stream(["a", "b"])) { zipped.append(pair) }
  var zipped3: [AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>>.Element] =
    []
  for await triple in zip(stream([1]), stream([2]), stream([3])) { zipped3.append(triple) }
  lines.append("zip \(zipped.map { "\($0.0)\($0.1)" }) \(zipped3.map { $0.0 + $0.1 + $0.2 })")

  // saa: combineLatest(_:_:), combineLatest(_:_:_:), AsyncCombineLatest2Sequence.Element
  var latest: [AsyncCombineLatest2Sequence<AsyncStream<Int>, AsyncStream<String>>.Element] = []
  for await pair in combineLatest(stream([1]), stream(["a"])) { latest.append(pair) }
  // saa: AsyncCombineLatest3Sequence.Element
  var latest3:
    [AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>>.Element] = []
  for await triple in combineLatest(stream([1]), stream([2]), stream([3])) {
    latest3.append(triple)
  }
  lines.append(
    "combineLatest \(latest.map { "\($0.0)\($0.1)" }) \(latest3.map { $0.0 + $0.1 + $0.2 })")

  // Mixed failures, throwing base first: `for try await`.
  var holder = CombinedHolder(
    merged2: merge(throwingStream([1]), stream([2])),
    merged3: merge(stream([1]), stream([2]), stream([3])),
    zipped2: zip(stream([1]), throwingStream(["a"])),
    zipped3: zip(stream([1]), stream(["b"]), stream([2])),
    latest2: combineLatest(throwingStream([1]), stream(["c"])),
    latest3: combineLatest(stream([1]), stream(["d"]), stream([2])))
  var mixed: [Int] = []
  for try await value in holder.merged2 { mixed.append(value) }
  lines.append("mixed merge \(mixed.sorted())")

  // The iterators under their own names, taken by hand.
  // saa: AsyncMerge2Sequence.Iterator, AsyncMerge2Sequence.Iterator.next(), AsyncMerge2Sequence.makeAsyncIterator()
  var mergeIterator: AsyncMerge2Sequence<AsyncStream<Int>, AsyncStream<Int>>.Iterator =
    merge(stream([7]), stream([])).makeAsyncIterator()
  let firstMerged = await mergeIterator.next()
  // saa: AsyncMerge3Sequence.Iterator, AsyncMerge3Sequence.Iterator.next(), AsyncMerge3Sequence.makeAsyncIterator()
  var merge3Iterator:
    AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>>
      .Iterator = holder.merged3.makeAsyncIterator()
  _ = await merge3Iterator.next()
  // saa: AsyncZip2Sequence.Iterator, AsyncZip2Sequence.AsyncIterator, AsyncZip2Sequence.Iterator.next(), AsyncZip2Sequence.makeAsyncIterator()
  var zipIterator:
    AsyncZip2Sequence<AsyncStream<Int>, AsyncThrowingStream<String, any Error>>
      .AsyncIterator = holder.zipped2.makeAsyncIterator()
  // `next()` rethrows: the second base can fail, so this call throws (as in
  // swift-async-algorithms), while `for await` would throw only the first base's `Never`.
  let zippedFirst: (Int, String)? = try await zipIterator.next()
  // saa: AsyncZip3Sequence.Iterator, AsyncZip3Sequence.AsyncIterator, AsyncZip3Sequence.Iterator.next(), AsyncZip3Sequence.makeAsyncIterator()
  var zip3Iterator:
    AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
      .AsyncIterator = holder.zipped3.makeAsyncIterator()
  let zipped3First:
    AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
      .Iterator? = nil
  _ = zipped3First
  _ = await zip3Iterator.next()
  // saa: AsyncCombineLatest2Sequence.Iterator, AsyncCombineLatest2Sequence.AsyncIterator, AsyncCombineLatest2Sequence.Iterator.next(), AsyncCombineLatest2Sequence.makeAsyncIterator()
  var latestIterator:
    AsyncCombineLatest2Sequence<AsyncThrowingStream<Int, any Error>, AsyncStream<String>>
      .AsyncIterator = holder.latest2.makeAsyncIterator()
  let latestFirst = try await latestIterator.next()
  let unusedLatestIterator:
    AsyncCombineLatest2Sequence<AsyncThrowingStream<Int, any Error>, AsyncStream<String>>
      .Iterator? = nil
  _ = unusedLatestIterator
  // saa: AsyncCombineLatest3Sequence.Iterator, AsyncCombineLatest3Sequence.AsyncIterator, AsyncCombineLatest3Sequence.Iterator.next(), AsyncCombineLatest3Sequence.makeAsyncIterator()
  var latest3Iterator:
    AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
      .AsyncIterator = holder.latest3.makeAsyncIterator()
  _ = await latest3Iterator.next()
  let unusedLatest3Iterator:
    AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<String>, AsyncStream<Int>>
      .Iterator? = nil
  _ = unusedLatest3Iterator
  holder.merged3 = merge(stream([]), stream([]), stream([]))
  lines.append(
    "iterators \(firstMerged ?? -1) \(zippedFirst.map { "\($0.0)\($0.1)" } ?? "-") "
      + "\(latestFirst.map { "\($0.0)\($0.1)" } ?? "-")")

  // The first base never fails, the second throws: `next()` taken by hand delivers the second
  // base's error, as swift-async-algorithms' iterators do.
  var caught: [String] = []
  var mergeFailing = merge(stream([1]), failingStream(Int.self)).makeAsyncIterator()
  do { while try await mergeFailing.next() != nil {} } catch { caught.append("merge \(error)") }
  var merge3Failing = merge(stream([1]), stream([2]), failingStream(Int.self)).makeAsyncIterator()
  do { while try await merge3Failing.next() != nil {} } catch { caught.append("merge3 \(error)") }
  var zipFailing = zip(stream([1]), failingStream(String.self)).makeAsyncIterator()
  do { while try await zipFailing.next() != nil {} } catch { caught.append("zip \(error)") }
  var zip3Failing = zip(stream([1]), stream([2]), failingStream(Int.self)).makeAsyncIterator()
  do { while try await zip3Failing.next() != nil {} } catch { caught.append("zip3 \(error)") }
  var latestFailing = combineLatest(stream([1]), failingStream(Int.self)).makeAsyncIterator()
  do { while try await latestFailing.next() != nil {} } catch { caught.append("latest \(error)") }
  var latest3Failing = combineLatest(stream([1]), stream([2]), failingStream(Int.self))
    .makeAsyncIterator()
  do { while try await latest3Failing.next() != nil {} } catch {
    caught.append("latest3 \(error)")
  }
  let afterFailure = try await mergeFailing.next()
  lines.append("second base's error \(caught) then \(afterFailure.map(String.init) ?? "nil")")

  // Generic code: a wrapper over a generic base, and functions over any bases.
  var wrapped: [Int?] = []
  for try await value in MergedWithSignal(base: throwingStream([5]), signal: stream([()])) {
    wrapped.append(value)
  }
  var generic: [Int] = []
  for try await value in mergeAny(throwingStream([1]), stream([2])) { generic.append(value) }
  for await value in mergeAny(stream([3]), stream([4]), stream([5])) { generic.append(value) }
  for try await (left, right) in zipAny(throwingStream([6]), stream([7])) {
    generic.append(left + right)
  }
  for await (first, second, third) in zipAny(stream([1]), stream([1]), stream([1])) {
    generic.append(first + second + third)
  }
  for try await (left, right) in combineLatestAny(throwingStream([8]), stream([9])) {
    generic.append(left * right)
  }
  for await (first, second, third) in combineLatestAny(stream([2]), stream([2]), stream([2])) {
    generic.append(first * second * third)
  }
  for try await (left, right) in zipMixed(stream([1]), throwingStream([2])) {
    generic.append(left * 10 + right)
  }
  lines.append("generic \(wrapped.compactMap { $0 }) \(generic.sorted())")
  return lines
}
