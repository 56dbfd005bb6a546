import AsyncOps
import AsyncOpsTesting
import Testing

// The samples of "Merging sequences", "Zipping sequences" and "Chaining sequences"
// (AsyncOps.docc/Merge.md, Zip.md, Chain.md), verbatim.
func allEvents(taps: AsyncStream<String>, keys: AsyncStream<String>) async -> [String] {
  var events: [String] = []
  for await event in merge(taps, keys) { events.append(event) }
  return events
}

func transcript(questions: AsyncStream<String>, answers: AsyncStream<String>) async -> [String] {
  var lines: [String] = []
  for await (question, answer) in zip(questions, answers) {
    lines.append("\(question) \(answer)")
  }
  return lines
}

func pages(cached: AsyncStream<Int>, downloaded: AsyncStream<Int>) async -> [Int] {
  var pages: [Int] = []
  for await page in chain(cached, downloaded) { pages.append(page) }
  return pages
}

/// Every marble diagram and code sample of Merge.md, Zip.md and Chain.md.
@Suite struct MergeZipChainArticleTests {
  private static let pair: @Sendable ((String, String)) -> String = { "\($0.0)\($0.1)" }

  private func stream<Element: Sendable>(_ elements: [Element]) -> AsyncStream<Element> {
    AsyncStream { continuation in
      for element in elements { continuation.yield(element) }
      continuation.finish()
    }
  }

  @Test func theSamplesReadTheirStreams() async {
    #expect(await allEvents(taps: stream(["tap"]), keys: stream([])) == ["tap"])
    #expect(
      await transcript(questions: stream(["why?", "how?"]), answers: stream(["because"]))
        == ["why? because"])
    #expect(await pages(cached: stream([1, 2]), downloaded: stream([3])) == [1, 2, 3])
  }

  @Test func mergeTakesElementsAsTheyArriveAndFinishesWithTheLastBase() async throws {
    try await expectMarbles(["a-c---|", "-b--d|"], "abc-d-|") { s, _ in merge(s[0], s[1]) }
  }

  @Test func mergeEndsAtTheFirstFailure() async throws {
    try await expectMarbles(["a-^", "-b---c|"], "ab^") { s, _ in merge(s[0], s[1]) }
  }

  @Test func zipPairsTheNthElements() async throws {
    try await expectMarbles(["ab--c|", "-x-y--|"], "-'ax'-'by'--|", render: Self.pair) { s, _ in
      zip(s[0], s[1])
    }
  }

  @Test func zipFinishesWhenABaseFinishes() async throws {
    try await expectMarbles(["a-b|", "x-|"], "'ax'-|", render: Self.pair) { s, _ in
      zip(s[0], s[1])
    }
  }

  @Test func zipFailsAtOnce() async throws {
    try await expectMarbles(["a-^", "x----y|"], "'ax'-^", render: Self.pair) { s, _ in
      zip(s[0], s[1])
    }
  }

  @Test func chainReadsTheNextBaseAfterTheOneBefore() async throws {
    try await expectMarbles(["a-b|", "---x|"], "a-bx|") { s, _ in chain(s[0], s[1]) }
  }

  @Test func chainEndsAtAFailure() async throws {
    try await expectMarbles(["a^", "-x|"], "a^") { s, _ in chain(s[0], s[1]) }
  }
}
