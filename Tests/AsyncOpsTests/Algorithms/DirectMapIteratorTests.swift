import Testing

@testable import AsyncOps

/// ``AsyncDirectMapSequence`` on its own (only `compacted()` and `joined()` make one, so its
/// initialiser is internal): its iterator keeps the rule every iterator of this package keeps,
/// `nil` for ever after the end or a failure, although the map it wraps would read its base again.
@Suite struct DirectMapIteratorTests {
  @Test func afterTheBasesFailureItReturnsNilThoughTheBaseGoesOn() async throws {
    let map = ThrowsThenContinues(elements: [1, 2], failAt: 1).map { $0 * 10 }
    var iterator = AsyncDirectMapSequence(map).makeAsyncIterator()
    #expect(try await iterator.next() == 10)
    await #expect(throws: AlgorithmFailure()) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next(isolation: nil) == nil)
  }

  @Test func afterTheEndItReturnsNil() async {
    var iterator = AsyncDirectMapSequence([1].async.map { $0 + 1 }).makeAsyncIterator()
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }
}
