import AsyncOps
import Testing

/// `joined()` and `joined(separator:)` of parts that cannot fail cannot fail either, so the
/// collecting initialisers need no `try`, as with swift-async-algorithms (found by the program of
/// docs/saa-migration: `String(… .joined(separator: …))` demanded a `try`).
@Suite struct JoinedFailureTypeTests {
  @Test func joiningPartsThatCannotFailGivesASequenceThatCannotFail() async {
    let pages = [[1, 2], [3]].map(\.async).async
    let joined = pages.joined()
    #expect(type(of: joined).Failure.self == Never.self)
    #expect(await Array(joined) == [1, 2, 3])
  }

  @Test func joiningWithASeparatorOfPartsThatCannotFailGivesASequenceThatCannotFail() async {
    let text = await String(["ab".async, "cd".async].async.joined(separator: "-".async))
    #expect(text == "ab-cd")
  }

  @Test func joiningPartsThatCanFailStillThrowsTheirError() async {
    struct PageFailure: Error {}
    let pages = [1, 2].async.map { page throws(any Error) -> AsyncSyncSequence<[Int]> in
      if page == 2 { throw PageFailure() }
      return [page].async
    }
    var items: [Int] = []
    await #expect(throws: PageFailure.self) {
      for try await item in pages.joined() { items.append(item) }
    }
    #expect(items == [1])
  }

  @Test func namingTheGeneralTypeStillCompilesForPartsThatCannotFail() async throws {
    let general: AsyncJoinedSequence<AsyncSyncSequence<[AsyncSyncSequence<[Int]>]>> =
      [[1], [2]].map(\.async).async.joined()
    var items: [Int] = []
    for try await item in general { items.append(item) }
    #expect(items == [1, 2])
  }
}
