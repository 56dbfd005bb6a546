import Testing

@testable import BrewSearch

/// The full pass that jumps from key match to key match (`BrewQueryPlan.scanByText`) and the
/// 64-positions-a-step byte scan under it: each against a plain, obviously right version.
@Suite("Text-driven scan")
struct TextDrivenScanTests {
  /// The first occurrence of `needle` in `text[start..<limit]`, or `limit`: the plain version.
  func naiveFirstMatch(_ needle: [UInt8], in text: [UInt8], from start: Int, limit: Int) -> Int {
    guard start + needle.count <= limit else { return limit }
    for position in start...(limit - needle.count)
    where text[position..<position + needle.count].elementsEqual(needle) {
      return position
    }
    return limit
  }

  /// The scans this CPU can run: the portable one, and the wide kernel's widths it supports.
  static let widths = [0, 256, 512].filter { $0 <= SubstringScanner.kernelWidth }

  @Test(arguments: widths)
  func theByteScanFindsTheFirstMatchAcrossStepBoundaries(width: Int) {
    var random = SplitMix64(seed: 64)
    let alphabet: [UInt8] = Array("abcab a".utf8)
    for _ in 0..<3_000 {
      let length = random.next(below: 400)
      var text = (0..<length).map { _ in random.pick(alphabet) }
      text += [UInt8](repeating: 0, count: SubstringScanner.overread)
      let needle = (0..<(1 + random.next(below: 5))).map { _ in random.pick(alphabet) }
      let frequency = (0..<256).map { _ in random.next(below: 10) }
      let scanner = SubstringScanner(foldedNeedle: needle, byteFrequency: frequency)
      let start = random.next(below: length + 1)
      let limit = start + random.next(below: length - start + 1)
      let found = text.withUnsafeBufferPointer { buffer in
        scanner.needle.withUnsafeBufferPointer { bytes in
          SubstringScanner.firstMatch(
            of: bytes, rareOffset: scanner.rareOffset, otherOffset: scanner.otherOffset,
            in: buffer.baseAddress!, from: start, limit: limit, width: width)
        }
      }
      #expect(
        found == naiveFirstMatch(needle, in: text, from: start, limit: limit),
        "width \(width): needle \(needle) in \(text.prefix(length)) from \(start) to \(limit)")
    }
  }

  /// A history where a word occurs rarely (so the pass gallops over long gaps), among brews of
  /// every kind: plain ASCII, keyed (accents), and compared exactly (U+0000 in the notes).
  func sparseHistory(_ random: inout SplitMix64) -> [Brew] {
    let filler = ["bright cup", "stone fruit", "Café crème", "smooth body", "tea-like", "ñ"]
    return (0..<3_000).map { number in
      var notes = random.pick(filler)
      switch random.next(below: 400) {
      case 0: notes += " ZQuill"
      case 1: notes += " zquill é"
      case 2: notes += " \u{0}zquill"
      case 3: notes = "zquill"
      case 4: notes += "\u{0}"
      default: break
      }
      return Brew(
        id: "\(number)", method: random.pick(BrewMethod.allCases),
        rating: 1 + random.next(below: 5), notes: notes)
    }
  }

  @Test func aPassDrivenByTheTextEqualsTheNaiveFilter() async throws {
    var random = SplitMix64(seed: 28)
    for _ in 0..<4 {
      let index = BrewSearchIndex(sparseHistory(&random))
      #expect(index.exactPathCount > 0)
      #expect(index.keyedCount > 0)
      for text in ["zquill", "ZQUILL", "quil", "zq", "l é", "cup", "crème", "e", "zzz"] {
        for method in [nil] + BrewMethod.allCases.map(Optional.some) {
          for rating in [0, 3, 5] {
            let query = BrewQuery(text: text, method: method, minimumRating: rating)
            let expected = query.filter(index.brews)
            let tunings = [
              BrewSearchIndexTests.smallTuning,
              BrewSearchIndex.Tuning(chunkSize: 1_000, minimumPartSize: 1_000), .standard,
            ]
            for tuning in tunings {
              let result = try await index.search(query, refining: nil, tuning: tuning)
              #expect(result.brews.map(\.id) == expected.map(\.id), "\(query)")
            }
            #expect(
              index.searchSynchronously(query).brews.map(\.id) == expected.map(\.id), "\(query)")
          }
        }
      }
    }
  }

  @Test func onlyQueriesWithoutALabelMatchAreDrivenByTheText() {
    let storage = BrewIndexStorage(Brew.sampleHistory)
    #expect(BrewQueryPlan(BrewQuery(text: "jasmine"), storage: storage).scansByText)
    // "press" is in "French Press": such brews match without a key match.
    #expect(!BrewQueryPlan(BrewQuery(text: "press"), storage: storage).scansByText)
    #expect(!BrewQueryPlan(BrewQuery(text: ""), storage: storage).scansByText)
    // "café"'s key has a mark: only brews that are not plain are looked at (the sparse pass).
    #expect(!BrewQueryPlan(BrewQuery(text: "café"), storage: storage).scansByText)
  }
}
