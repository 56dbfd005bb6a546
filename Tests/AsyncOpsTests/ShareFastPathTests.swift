import Testing

@testable import AsyncOps

/// The consumer's synchronous fast path (`ShareStorage.nextIfReady`), which the iterator tries
/// before it awaits: buffered elements and the end come from it without suspending, and a
/// consumer with nothing buffered is told to wait without being registered as waiting.
@Suite struct ShareFastPathTests {
  @Test func bufferedElementsAndTheEndAreTakenWithoutSuspending() async {
    let (base, input) = AsyncStream.makeStream(of: Int.self)
    for element in 1...3 { input.yield(element) }
    input.finish()
    let shared = base.share(bufferingPolicy: .unbounded)
    let behind = shared.makeAsyncIterator()
    var ahead = shared.makeAsyncIterator()
    // `ahead` drives the upstream to its end; everything is then in `behind`'s buffer.
    var seen: [Int] = []
    while let element = await ahead.next() { seen.append(element) }
    #expect(seen == [1, 2, 3])

    let storage = behind.consumer.storage
    let id = behind.consumer.id
    var slot = 0
    #expect(storage.nextIfReady(consumer: id, slot: &slot) == .success(1))
    #expect(storage.nextIfReady(consumer: id, slot: &slot) == .success(2))
    #expect(storage.nextIfReady(consumer: id, slot: &slot) == .success(3))
    #expect(storage.nextIfReady(consumer: id, slot: &slot) == .success(nil))
  }

  @Test func aConsumerWithNothingBufferedIsToldToWaitThenReceivesTheNextElement() async {
    let (base, input) = AsyncStream.makeStream(of: Int.self)
    let shared = base.share(bufferingPolicy: .bounded(4))
    var iterator = shared.makeAsyncIterator()
    // Nothing buffered: wait (and the upstream starts). No waiter is stored by this answer, so
    // the suspension that follows (inside `next()`) is the consumer's only one.
    var slot = 0
    let ready = iterator.consumer.storage.nextIfReady(consumer: iterator.consumer.id, slot: &slot)
    #expect(ready == nil)
    input.yield(7)
    #expect(await iterator.next() == 7)
    input.finish()
    #expect(await iterator.next() == nil)
  }
  /// Each iterator remembers where its consumer is in the registry; when a consumer registered
  /// before it leaves, that place holds the next consumer, whose elements it must not take.
  @Test func aConsumerWhoseSlotNowHoldsAnotherConsumerStillReceivesOnlyItsOwnElements() async {
    let (base, input) = AsyncStream.makeStream(of: Int.self)
    for element in 1...3 { input.yield(element) }
    input.finish()
    let shared = base.share(bufferingPolicy: .unbounded)
    var first: AsyncShareSequence<AsyncStream<Int>>.Iterator? = shared.makeAsyncIterator()
    var second = shared.makeAsyncIterator()
    var third = shared.makeAsyncIterator()
    var driver = shared.makeAsyncIterator()
    // The driver reads the upstream to its end: every element is then buffered for the others.
    while await driver.next() != nil {}
    #expect(await second.next() == 1)
    #expect(await third.next() == 1)
    // The first consumer leaves: the second's place now holds the third.
    #expect(first != nil)
    first = nil
    #expect(await second.next() == 2)
    #expect(await third.next() == 2)
    #expect(await third.next() == 3)
    #expect(await second.next() == 3)
    #expect(await second.next() == nil)
    #expect(await third.next() == nil)
  }

  /// The iterator reaches its storage through an unretained reference on the per-element path;
  /// what keeps the storage alive is the consumer handle every copy of the iterator holds, even
  /// once the shared sequence value and the iterator it was copied from are gone.
  @Test func aCopiedIteratorWhoseSequenceAndOriginalAreGoneStillReadsToTheEnd() async {
    let (base, input) = AsyncStream.makeStream(of: Int.self)
    for element in 1...3 { input.yield(element) }
    input.finish()
    var copy: AsyncShareSequence<AsyncStream<Int>>.Iterator
    do {
      let original = base.share(bufferingPolicy: .unbounded).makeAsyncIterator()
      copy = original
    }
    var seen: [Int] = []
    while let element = await copy.next() { seen.append(element) }
    #expect(seen == [1, 2, 3])
    #expect(await copy.next() == nil)
  }
}
