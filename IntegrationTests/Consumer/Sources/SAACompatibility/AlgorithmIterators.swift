// Each sequence algorithm's iterator, named and driven by hand, as a caller of
// swift-async-algorithms 1.1.5 may (`next()` without `try` where no part can throw).

import AsyncOps

typealias Numbers = AsyncSyncSequence<[Int]>

/// Takes the first element of each algorithm through its named iterator; returns how many there were.
public func runAlgorithmIterators() async throws -> Int {
  let of = AlgorithmsOf(base: [1, 2, 2, 3].async)
  var taken = 0
  func count<T>(_ element: T?) { if element != nil { taken += 1 } }

  // saa: AsyncAdjacentPairsSequence.Iterator, AsyncAdjacentPairsSequence.Iterator.Element, AsyncAdjacentPairsSequence.Iterator.next(), AsyncAdjacentPairsSequence.makeAsyncIterator()
  var pairs: AsyncAdjacentPairsSequence<Numbers>.Iterator = of.pairs().makeAsyncIterator()
  let pair: AsyncAdjacentPairsSequence<Numbers>.Iterator.Element? = await pairs.next()
  // saa: AsyncAdjacentPairsSequence.Element
  let samePair: AsyncAdjacentPairsSequence<Numbers>.Element? = pair
  count(samePair)
  // saa: AsyncCompactedSequence.Iterator, AsyncCompactedSequence.Iterator.next(), AsyncCompactedSequence.makeAsyncIterator()
  var compacted: AsyncCompactedSequence<AsyncMapSequence<Numbers, Int?>, Int>.Iterator =
    of.compacted().makeAsyncIterator()
  let compactedFirst: AsyncCompactedSequence<AsyncMapSequence<Numbers, Int?>, Int>.Element? =
    await compacted.next()
  count(compactedFirst)
  // saa: AsyncExclusiveReductionsSequence.Iterator, AsyncExclusiveReductionsSequence.Iterator.next(), AsyncExclusiveReductionsSequence.makeAsyncIterator()
  var sums: AsyncExclusiveReductionsSequence<Numbers, Int>.Iterator = of.sums().makeAsyncIterator()
  count(await sums.next())
  // saa: AsyncInclusiveReductionsSequence.Iterator, AsyncInclusiveReductionsSequence.Iterator.next(), AsyncInclusiveReductionsSequence.makeAsyncIterator(), AsyncInclusiveReductionsSequence.Element
  var running: AsyncInclusiveReductionsSequence<Numbers>.Iterator =
    of.running().makeAsyncIterator()
  let runningFirst: AsyncInclusiveReductionsSequence<Numbers>.Element? = await running.next()
  count(runningFirst)
  // saa: AsyncThrowingExclusiveReductionsSequence.Iterator, AsyncThrowingExclusiveReductionsSequence.Iterator.next(), AsyncThrowingExclusiveReductionsSequence.makeAsyncIterator()
  var throwingSums: AsyncThrowingExclusiveReductionsSequence<Numbers, Int>.Iterator =
    of.throwingSums().makeAsyncIterator()
  count(try await throwingSums.next())
  // saa: AsyncThrowingInclusiveReductionsSequence.Iterator, AsyncThrowingInclusiveReductionsSequence.Iterator.next(), AsyncThrowingInclusiveReductionsSequence.makeAsyncIterator(), AsyncThrowingInclusiveReductionsSequence.Element
  var throwingRunning: AsyncThrowingInclusiveReductionsSequence<Numbers>.Iterator =
    of.throwingRunning().makeAsyncIterator()
  let throwingRunningFirst: AsyncThrowingInclusiveReductionsSequence<Numbers>.Element? =
    try await throwingRunning.next()
  count(throwingRunningFirst)
  // saa: AsyncInterspersedSequence.Iterator, AsyncInterspersedSequence.Iterator.next(), AsyncInterspersedSequence.makeAsyncIterator(), AsyncInterspersedSequence.Element
  var separated: AsyncInterspersedSequence<Numbers>.Iterator = of.separated().makeAsyncIterator()
  let separatedFirst: AsyncInterspersedSequence<Numbers>.Element? = await separated.next()
  count(separatedFirst)
  // saa: AsyncThrowingInterspersedSequence.Iterator, AsyncThrowingInterspersedSequence.Iterator.next(), AsyncThrowingInterspersedSequence.makeAsyncIterator(), AsyncThrowingInterspersedSequence.Element
  var throwingSeparated: AsyncThrowingInterspersedSequence<Numbers>.Iterator =
    of.separatedByThrowingClosure().makeAsyncIterator()
  let throwingSeparatedFirst: AsyncThrowingInterspersedSequence<Numbers>.Element? =
    try await throwingSeparated.next()
  count(throwingSeparatedFirst)
  // saa: AsyncChunksOfCountSequence.Iterator, AsyncChunksOfCountSequence.Iterator.next(), AsyncChunksOfCountSequence.makeAsyncIterator(), AsyncChunksOfCountSequence.Element
  var chunks: AsyncChunksOfCountSequence<Numbers, [Int]>.Iterator = of.chunks().makeAsyncIterator()
  let firstChunk: AsyncChunksOfCountSequence<Numbers, [Int]>.Element? = await chunks.next()
  count(firstChunk)
  // saa: AsyncChunkedByGroupSequence.Iterator, AsyncChunkedByGroupSequence.Iterator.next(), AsyncChunkedByGroupSequence.makeAsyncIterator(), AsyncChunkedByGroupSequence.Element
  var groups: AsyncChunkedByGroupSequence<Numbers, [Int]>.Iterator = of.groups().makeAsyncIterator()
  let firstGroup: AsyncChunkedByGroupSequence<Numbers, [Int]>.Element? = await groups.next()
  count(firstGroup)
  // saa: AsyncChunkedOnProjectionSequence.Iterator, AsyncChunkedOnProjectionSequence.Iterator.next(), AsyncChunkedOnProjectionSequence.makeAsyncIterator(), AsyncChunkedOnProjectionSequence.Element
  var parity: AsyncChunkedOnProjectionSequence<Numbers, Bool, [Int]>.Iterator =
    of.parity().makeAsyncIterator()
  let firstRun: AsyncChunkedOnProjectionSequence<Numbers, Bool, [Int]>.Element? =
    await parity.next()
  count(firstRun)
  // saa: AsyncRemoveDuplicatesSequence.Iterator, AsyncRemoveDuplicatesSequence.Iterator.next(), AsyncRemoveDuplicatesSequence.makeAsyncIterator(), AsyncRemoveDuplicatesSequence.Element
  var distinct: AsyncRemoveDuplicatesSequence<Numbers>.Iterator =
    of.distinctBy().makeAsyncIterator()
  let distinctFirst: AsyncRemoveDuplicatesSequence<Numbers>.Element? = await distinct.next()
  count(distinctFirst)
  // saa: AsyncThrowingRemoveDuplicatesSequence.Iterator, AsyncThrowingRemoveDuplicatesSequence.Iterator.next(), AsyncThrowingRemoveDuplicatesSequence.makeAsyncIterator(), AsyncThrowingRemoveDuplicatesSequence.Element
  var throwingDistinct: AsyncThrowingRemoveDuplicatesSequence<Numbers>.Iterator =
    of.distinctThrowing().makeAsyncIterator()
  let throwingDistinctFirst: AsyncThrowingRemoveDuplicatesSequence<Numbers>.Element? =
    try await throwingDistinct.next()
  count(throwingDistinctFirst)
  let nested = [[1].async, [2].async].async
  // saa: AsyncJoinedSequence.Iterator, AsyncJoinedSequence.AsyncIterator, AsyncJoinedSequence.Iterator.next(), AsyncJoinedSequence.makeAsyncIterator()
  var joined: AsyncJoinedSequence<AsyncSyncSequence<[Numbers]>>.AsyncIterator =
    flattened(nested).makeAsyncIterator()
  let unusedJoined: AsyncJoinedSequence<AsyncSyncSequence<[Numbers]>>.Iterator? = nil
  _ = unusedJoined
  // saa: AsyncJoinedSequence.Element
  let joinedFirst: AsyncJoinedSequence<AsyncSyncSequence<[Numbers]>>.Element? = await joined.next()
  count(joinedFirst)
  // saa: AsyncJoinedBySeparatorSequence.Iterator, AsyncJoinedBySeparatorSequence.AsyncIterator, AsyncJoinedBySeparatorSequence.makeAsyncIterator()
  var joinedBy:
    AsyncJoinedBySeparatorSequence<AsyncSyncSequence<[Numbers]>, Numbers>.AsyncIterator =
      flattened(nested, separator: [0].async).makeAsyncIterator()
  let unusedJoinedBy:
    AsyncJoinedBySeparatorSequence<AsyncSyncSequence<[Numbers]>, Numbers>.Iterator? = nil
  _ = unusedJoinedBy
  // saa: AsyncJoinedBySeparatorSequence.Element, AsyncJoinedBySeparatorSequence.Iterator.next()
  let joinedByFirst:
    AsyncJoinedBySeparatorSequence<AsyncSyncSequence<[Numbers]>, Numbers>.Element? =
      await joinedBy.next()
  count(joinedByFirst)
  return taken
}
