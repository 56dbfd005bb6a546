import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BrewSearch

@Suite("BrewSearchIndex")
struct BrewSearchIndexTests {
  /// Small chunks and parts, so that small histories still run the parallel path.
  static let smallTuning = BrewSearchIndex.Tuning(chunkSize: 7, minimumPartSize: 16)

  /// Checks the index against the naive filter: full pass (serial and parallel) and positions.
  func expectSameAsNaive(
    _ index: BrewSearchIndex, _ query: BrewQuery, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let expected = query.filter(index.brews)
    let parallel = try await index.search(query, refining: nil, tuning: Self.smallTuning)
    #expect(parallel.brews == expected, "\(query)", sourceLocation: sourceLocation)
    #expect(
      index.searchSynchronously(query).positions == parallel.positions, "\(query)",
      sourceLocation: sourceLocation)
  }

  @Test func matchesTheNaiveFilterOnRandomUnicodeText() async throws {
    var random = RandomUnicode(random: SplitMix64(seed: 2024))
    for _ in 0..<80 {
      let index = BrewSearchIndex(random.brews(count: 40))
      for _ in 0..<25 {
        try await expectSameAsNaive(index, random.query(from: index.brews))
      }
    }
  }

  @Test func matchesTheNaiveFilterOnPlainASCIIText() async throws {
    // Mostly fast-path brews: the byte scan itself, with matches at brew boundaries.
    var random = SplitMix64(seed: 77)
    let alphabet = Array("aAbBcC xyz,.:-1\t\n")
    func text(_ length: Int) -> String {
      String((0..<length).map { _ in random.pick(alphabet) })
    }
    for _ in 0..<30 {
      let brews = (0..<60).map { number in
        Brew(
          id: "\(number)", method: random.pick(BrewMethod.allCases),
          rating: 1 + random.next(below: 5),
          notes: text(random.next(below: 40)))
      }
      let index = BrewSearchIndex(brews)
      #expect(index.exactPathCount == 0)
      for _ in 0..<40 {
        try await expectSameAsNaive(index, BrewQuery(text: text(1 + random.next(below: 4))))
      }
    }
  }

  @Test func matchesTheNaiveFilterOnTheSampleHistory() async throws {
    let index = BrewSearchIndex(Brew.sampleHistory)
    var random = RandomUnicode(random: SplitMix64(seed: 11))
    for _ in 0..<400 {
      try await expectSameAsNaive(index, random.query(from: index.brews))
    }
    for text in ["citrusy", "bright", "pour", "°c", "CAFÉ", "bogota", "Bogotá", "→", "1:16"] {
      try await expectSameAsNaive(index, BrewQuery(text: text))
    }
  }

  @Test func matchesTheNaiveFilterOnGeneratedHistory() async throws {
    let index = BrewSearchIndex(BrewGenerator(seed: 8, nonASCIIOneIn: 10).brews(count: 600))
    #expect(index.keyedCount > 0)
    var random = RandomUnicode(random: SplitMix64(seed: 12))
    for _ in 0..<150 {
      try await expectSameAsNaive(index, random.query(from: index.brews))
    }
  }

  @Test func refinementNarrowsAndEqualsAFullPass() async throws {
    let index = BrewSearchIndex(BrewGenerator(seed: 3, nonASCIIOneIn: 5).brews(count: 400))
    var previous = try await index.search(BrewQuery())
    let steps = [
      BrewQuery(text: "c"), BrewQuery(text: "ch"), BrewQuery(text: "cho", minimumRating: 2),
      BrewQuery(text: "choc", method: .espresso, minimumRating: 2),
      BrewQuery(text: "dark choc", method: .espresso, minimumRating: 3),
    ]
    for query in steps {
      #expect(index.canRefine(previous, to: query))
      let refined = try await index.search(query, refining: previous, tuning: Self.smallTuning)
      #expect(refined.strategy == .narrowed)
      #expect(refined.positions == index.searchSynchronously(query).positions, "\(query)")
      #expect(refined.brews == query.filter(index.brews))
      previous = refined
    }
  }

  @Test func refinementRechecksNonASCIIBrews() async throws {
    // "ﬆ" contains "st" but not "s": narrowing "s" → "st" must not lose this brew.
    let brews = [
      Brew(id: "lig", method: .filter, rating: 3, notes: "\u{FB06}"),
      Brew(id: "plain", method: .filter, rating: 3, notes: "a st"),
    ]
    let index = BrewSearchIndex(brews)
    let previous = try await index.search(BrewQuery(text: "s"))
    #expect(previous.brews.map(\.id) == BrewQuery(text: "s").filter(brews).map(\.id))
    let refined = try await index.search(BrewQuery(text: "st"), refining: previous)
    #expect(refined.strategy == .narrowed)
    #expect(refined.brews.map(\.id) == ["lig", "plain"])
  }

  @Test func refinementFallsBackToAFullPassWhenTheQueryWidens() async throws {
    let index = BrewSearchIndex(Brew.sampleHistory)
    let previous = try await index.search(
      BrewQuery(text: "jas", method: .pourOver, minimumRating: 4))
    let widened = [
      BrewQuery(text: "ja", method: .pourOver, minimumRating: 4),
      BrewQuery(text: "jasx", method: nil, minimumRating: 4),
      BrewQuery(text: "jasx", method: .espresso, minimumRating: 4),
      BrewQuery(text: "jasx", method: .pourOver, minimumRating: 3),
      BrewQuery(text: "jasé", method: .pourOver, minimumRating: 4),
    ]
    for query in widened {
      #expect(!index.canRefine(previous, to: query), "\(query)")
      let result = try await index.search(query, refining: previous)
      #expect(result.strategy == .fullPass)
      #expect(result.brews == query.filter(index.brews))
    }
    let other = BrewSearchIndex(Brew.sampleHistory)
    #expect(!other.canRefine(previous, to: previous.query))
  }

  @Test func randomRefinementChainsEqualFullPasses() async throws {
    var random = RandomUnicode(random: SplitMix64(seed: 99))
    let index = BrewSearchIndex(BrewGenerator(seed: 4, nonASCIIOneIn: 8).brews(count: 300))
    for _ in 0..<60 {
      var query = BrewQuery()
      var previous = try await index.search(query)
      for _ in 0..<6 {
        query.text += random.random.pick(["a", "e", " ", "c", "o", "R", "é", "\u{212A}", "st"])
        if random.random.chance(1, in: 4) { query.minimumRating += 1 }
        if random.random.chance(1, in: 6) { query.method = random.random.pick(BrewMethod.allCases) }
        previous = try await index.search(query, refining: previous, tuning: Self.smallTuning)
        #expect(previous.brews == query.filter(index.brews), "\(query)")
      }
    }
  }

  @Test func searchInACancelledTaskThrowsCancellationError() async {
    let index = BrewSearchIndex(BrewGenerator(seed: 1).brews(count: 100))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await index.search(BrewQuery(text: "a"))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancellationMidPassStopsAtTheNextChunk() async {
    let index = BrewSearchIndex(BrewGenerator(seed: 1).brews(count: 1000))
    let chunksScanned = Atomic<Int>(0)
    let cancel = Mutex<(@Sendable () -> Void)?>(nil)
    let ready = DispatchSemaphore(value: 0)
    // One part (the chunks run one after another): after the third chunk, cancel the search.
    let tuning = BrewSearchIndex.Tuning(chunkSize: 10, minimumPartSize: 2000) {
      if chunksScanned.add(1, ordering: .relaxed).newValue == 3 {
        _ = ready.wait(timeout: .now() + 60)
        cancel.withLock { $0 }?()
      }
    }
    let task = Task {
      try await index.search(BrewQuery(text: "a"), refining: nil, tuning: tuning)
    }
    cancel.withLock { $0 = { task.cancel() } }
    ready.signal()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(chunksScanned.load(ordering: .relaxed) == 3)
  }

  @Test func emptyIndexFindsNothing() async throws {
    let index = BrewSearchIndex([])
    #expect(try await index.search(BrewQuery(text: "x")).count == 0)
    #expect(try await index.search(BrewQuery()).count == 0)
  }

  @Test func indexIsSmallerThanTwiceItsData() {
    let brews = BrewGenerator(seed: 2).brews(count: 5000)
    let index = BrewSearchIndex(brews)
    let notesBytes = brews.reduce(0) { $0 + $1.notes.utf8.count }
    let dataBytes = brews.count * MemoryLayout<Brew>.stride + notesBytes
    #expect(index.indexSizeInBytes < 2 * dataBytes)
  }
}
