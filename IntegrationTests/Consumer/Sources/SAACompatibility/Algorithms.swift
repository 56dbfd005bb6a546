// The sequence algorithms of swift-async-algorithms 1.1.5, called from generic code over any
// `AsyncSequence` with only the constraints their declarations state (no `Sendable` where it asks
// none), their results stored under their type names. See Combining.swift for the `// saa:` lines.

import AsyncOps

/// A base that is neither `Sendable` nor has `Sendable` elements: what the loosest caller passes.
public final class Box: Equatable, CustomStringConvertible {
  /// The boxed number.
  public let value: Int
  /// Boxes `value`.
  public init(_ value: Int) { self.value = value }
  /// Boxes are equal when their numbers are.
  public static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  /// The number.
  public var description: String { "\(value)" }
}

/// Every sequence algorithm over one generic base, under its type name.
public struct AlgorithmsOf<Base: AsyncSequence> where Base.Element == Int {
  let base: Base

  // saa: AsyncSequence.adjacentPairs(), AsyncAdjacentPairsSequence
  func pairs() -> AsyncAdjacentPairsSequence<Base> { base.adjacentPairs() }
  // saa: AsyncSequence.compacted(), AsyncCompactedSequence
  func compacted() -> AsyncCompactedSequence<AsyncMapSequence<Base, Int?>, Int> {
    base.map { $0 > 0 ? $0 : nil }.compacted()
  }
  // saa: AsyncSequence.reductions(_:_:), AsyncExclusiveReductionsSequence
  func sums() -> AsyncExclusiveReductionsSequence<Base, Int> { base.reductions(0) { $0 + $1 } }
  // saa: AsyncSequence.reductions(into:_:), AsyncExclusiveReductionsSequence
  func sumsInto() -> AsyncExclusiveReductionsSequence<Base, Int> {
    base.reductions(into: 0) { $0 += $1 }
  }
  // saa: AsyncSequence.reductions(_:), AsyncInclusiveReductionsSequence
  func running() -> AsyncInclusiveReductionsSequence<Base> { base.reductions { $0 + $1 } }
  // saa: AsyncSequence.reductions(_:_:)#2, AsyncThrowingExclusiveReductionsSequence
  func throwingSums() -> AsyncThrowingExclusiveReductionsSequence<Base, Int> {
    base.reductions(0) { (sum: Int, value: Int) throws -> Int in sum + value }
  }
  // saa: AsyncSequence.reductions(into:_:)#2, AsyncThrowingExclusiveReductionsSequence
  func throwingSumsInto() -> AsyncThrowingExclusiveReductionsSequence<Base, Int> {
    base.reductions(into: 0) { (sum: inout Int, value: Int) throws in sum += value }
  }
  // saa: AsyncSequence.reductions(_:)#2, AsyncThrowingInclusiveReductionsSequence
  func throwingRunning() -> AsyncThrowingInclusiveReductionsSequence<Base> {
    base.reductions { (sum: Int, value: Int) throws -> Int in sum + value }
  }
  // saa: AsyncSequence.interspersed(every:with:), AsyncInterspersedSequence
  func separated() -> AsyncInterspersedSequence<Base> { base.interspersed(with: 0) }
  // saa: AsyncSequence.interspersed(every:with:)#2
  func separatedBySyncClosure() -> AsyncInterspersedSequence<Base> {
    base.interspersed(every: 2) { @Sendable () -> Int in 0 }
  }
  // saa: AsyncSequence.interspersed(every:with:)#3
  func separatedByAsyncClosure() -> AsyncInterspersedSequence<Base> {
    base.interspersed { @Sendable () async -> Int in 0 }
  }
  // saa: AsyncSequence.interspersed(every:with:)#4, AsyncThrowingInterspersedSequence
  func separatedByThrowingClosure() -> AsyncThrowingInterspersedSequence<Base> {
    base.interspersed { @Sendable () throws -> Int in 0 }
  }
  // saa: AsyncSequence.interspersed(every:with:)#5, AsyncThrowingInterspersedSequence
  func separatedByAsyncThrowingClosure() -> AsyncThrowingInterspersedSequence<Base> {
    base.interspersed(every: 1) { @Sendable () async throws -> Int in 0 }
  }
  // saa: AsyncSequence.chunks(ofCount:into:), AsyncChunksOfCountSequence
  func chunksInto() -> AsyncChunksOfCountSequence<Base, ContiguousArray<Int>> {
    base.chunks(ofCount: 2, into: ContiguousArray<Int>.self)
  }
  // saa: AsyncSequence.chunks(ofCount:), AsyncChunksOfCountSequence
  func chunks() -> AsyncChunksOfCountSequence<Base, [Int]> { base.chunks(ofCount: 2) }
  // saa: AsyncSequence.chunked(into:by:), AsyncChunkedByGroupSequence
  func groupsInto() -> AsyncChunkedByGroupSequence<Base, ContiguousArray<Int>> {
    base.chunked(into: ContiguousArray<Int>.self) { $0 <= $1 }
  }
  // saa: AsyncSequence.chunked(by:), AsyncChunkedByGroupSequence
  func groups() -> AsyncChunkedByGroupSequence<Base, [Int]> { base.chunked { $0 <= $1 } }
  // saa: AsyncSequence.chunked(into:on:), AsyncChunkedOnProjectionSequence
  func parityInto() -> AsyncChunkedOnProjectionSequence<Base, Bool, ContiguousArray<Int>> {
    base.chunked(into: ContiguousArray<Int>.self) { $0.isMultiple(of: 2) }
  }
  // saa: AsyncSequence.chunked(on:), AsyncChunkedOnProjectionSequence
  func parity() -> AsyncChunkedOnProjectionSequence<Base, Bool, [Int]> {
    base.chunked(on: { $0.isMultiple(of: 2) })
  }
  // saa: AsyncSequence.removeDuplicates(by:), AsyncRemoveDuplicatesSequence
  func distinctBy() -> AsyncRemoveDuplicatesSequence<Base> { base.removeDuplicates { $0 == $1 } }
  // saa: AsyncSequence.removeDuplicates(by:)#2, AsyncThrowingRemoveDuplicatesSequence
  func distinctThrowing() -> AsyncThrowingRemoveDuplicatesSequence<Base> {
    base.removeDuplicates { (lhs: Int, rhs: Int) throws -> Bool in lhs == rhs }
  }
  // saa: AsyncSequence.mapError(_:)
  func mappedError() -> some AsyncSequence<Int, MappedFailure> {
    base.mapError { _ in MappedFailure() }
  }
}

/// The error `mapError` maps to.
public struct MappedFailure: Error {}

// saa: AsyncSequence.removeDuplicates(), AsyncRemoveDuplicatesSequence
/// `removeDuplicates()` over a generic base of equatable, non-`Sendable` elements.
///
/// AsyncOps also asks `SendableMetatype` of the element type here (its `==` is used from a
/// `@Sendable` closure); every concrete type has it, so only generic code like this states it.
func distinctElements<Base: AsyncSequence>(_ base: Base) -> AsyncRemoveDuplicatesSequence<Base>
where Base.Element: Equatable & SendableMetatype {
  base.removeDuplicates()
}

// saa: AsyncSequence.joined(), AsyncJoinedSequence
/// `joined()` and `joined(separator:)` over a generic sequence of sequences.
func flattened<Base: AsyncSequence>(_ base: Base) -> AsyncJoinedSequence<Base>
where Base.Element: AsyncSequence {
  base.joined()
}

// saa: AsyncSequence.joined(separator:), AsyncJoinedBySeparatorSequence
func flattened<Base: AsyncSequence, Separator: AsyncSequence>(
  _ base: Base, separator: Separator
) -> AsyncJoinedBySeparatorSequence<Base, Separator>
where Base.Element: AsyncSequence, Separator.Element == Base.Element.Element {
  base.joined(separator: separator)
}

// saa: AsyncSequence.mapError(_:)#2
/// The `Sendable` `mapError` over a generic `Sendable` base.
func mappedSendable<Base: AsyncSequence & Sendable>(
  _ base: Base
) -> some AsyncSequence<Base.Element, MappedFailure> & Sendable where Base.Element: Sendable {
  base.mapError { _ in MappedFailure() }
}

/// Collects `sequence` with `for try await`.
func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
  var result: [S.Element] = []
  for try await element in sequence { result.append(element) }
  return result
}

/// Runs every sequence algorithm once over `[1, 1, 2, 3]`; returns what each produced.
public func runAlgorithms() async throws -> [String] {
  // saa: Sequence.async, AsyncSyncSequence
  let numbers: AsyncSyncSequence<[Int]> = [1, 1, 2, 3].async
  let of = AlgorithmsOf(base: numbers)
  var lines: [String] = []
  // No `try` where no part can throw, as swift-async-algorithms allows.
  var pairs: [AsyncAdjacentPairsSequence<AsyncSyncSequence<[Int]>>.Element] = []
  for await pair in of.pairs() { pairs.append(pair) }
  lines.append("adjacentPairs \(pairs.map { "\($0.0)\($0.1)" })")
  var compacted: [Int] = []
  for await value in of.compacted() { compacted.append(value) }
  lines.append("compacted \(compacted)")
  var sums: [Int] = []
  for await value in of.sums() { sums.append(value) }
  for await value in of.sumsInto() { sums.append(value) }
  for await value in of.running() { sums.append(value) }
  lines.append("reductions \(sums)")
  lines.append(
    "throwing reductions \(try await collect(of.throwingSums())) \(try await collect(of.throwingSumsInto())) \(try await collect(of.throwingRunning()))"
  )
  var separated: [Int] = []
  for await value in of.separated() { separated.append(value) }
  for await value in of.separatedBySyncClosure() { separated.append(value) }
  for await value in of.separatedByAsyncClosure() { separated.append(value) }
  lines.append("interspersed \(separated)")
  lines.append(
    "throwing interspersed \(try await collect(of.separatedByThrowingClosure()).count) \(try await collect(of.separatedByAsyncThrowingClosure()).count)"
  )
  var chunks: [[Int]] = []
  for await chunk in of.chunksInto() { chunks.append(Array(chunk)) }
  for await chunk in of.chunks() { chunks.append(chunk) }
  for await chunk in of.groupsInto() { chunks.append(Array(chunk)) }
  for await chunk in of.groups() { chunks.append(chunk) }
  for await (_, chunk) in of.parityInto() { chunks.append(Array(chunk)) }
  for await (_, chunk) in of.parity() { chunks.append(chunk) }
  lines.append("chunks \(chunks)")
  var distinct: [Int] = []
  for await value in of.distinctBy() { distinct.append(value) }
  distinct += try await collect(of.distinctThrowing())
  let boxes = distinctElements([Box(1), Box(1), Box(2)].async)
  var boxValues: [Int] = []
  for await box in boxes { boxValues.append(box.value) }
  lines.append("removeDuplicates \(distinct) \(boxValues)")
  let nested = [[1, 2].async, [3].async].async
  var joined: [Int] = []
  for await value in flattened(nested) { joined.append(value) }
  for await value in flattened(nested, separator: [0].async) { joined.append(value) }
  lines.append("joined \(joined)")
  var mapped: [Int] = []
  do {
    for try await value in of.mappedError() { mapped.append(value) }
    for try await value in mappedSendable(numbers) { mapped.append(value) }
  } catch {
    lines.append("mapError threw \(error)")
  }
  lines.append("mapError \(mapped)")

  // The synchronous sequence's iterator by hand, and the collection initialisers.
  // saa: AsyncSyncSequence.Iterator, AsyncSyncSequence.Iterator.next(), AsyncSyncSequence.makeAsyncIterator(), AsyncSyncSequence.Element
  var syncIterator: AsyncSyncSequence<[Int]>.Iterator = numbers.makeAsyncIterator()
  let first: AsyncSyncSequence<[Int]>.Element? = await syncIterator.next()
  // saa: RangeReplaceableCollection.init(_:)
  let array = await Array(numbers)
  // saa: SetAlgebra.init(_:)
  let set = await Set(numbers)
  // saa: Dictionary.init(uniqueKeysWithValues:)
  let unique = await Dictionary(uniqueKeysWithValues: [(1, "a"), (2, "b")].async)
  // saa: Dictionary.init(_:uniquingKeysWith:)
  let merged = await Dictionary([(1, 1), (1, 2)].async, uniquingKeysWith: +)
  // saa: Dictionary.init(grouping:by:)
  let grouped = await Dictionary(grouping: numbers, by: { $0.isMultiple(of: 2) })
  lines.append(
    "collections \(first ?? -1) \(array) \(set.sorted()) \(unique.keys.sorted()) \(merged[1] ?? 0) "
      + "\(grouped[true] ?? [])")
  return lines
}
