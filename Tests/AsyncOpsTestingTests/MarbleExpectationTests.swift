import AsyncOps
import AsyncOpsTesting
import TestSupport
import Testing

/// `expectMarbles` compares timelines, reports a typo as a syntax
/// error and a mismatch at its own call; the notation round-trips every string.
@Suite struct MarbleExpectationTests {
  @Test(arguments: ["a - b |", "'a'-b|", "a-b|--", "a-'b'|", " a-b | "])
  func anExpectationEqualAsATimelinePasses(expected: String) async throws {
    try await expectMarbles(["a-b|"], expected) { inputs, _ in inputs[0].map { $0 } }
  }

  @Test func aTypoInTheExpectedMarbleIsASyntaxError() async {
    await #expect(throws: MarbleSyntaxError.self) {
      try await expectMarbles(["a-b|"], "a-b#|") { inputs, _ in inputs[0].map { $0 } }
    }
  }

  @Test func aMismatchIsRecordedAtTheCallOfExpectMarbles() async throws {
    let callLine = #line + 2
    try await withKnownIssue {
      try await expectMarbles(["a-b|"], "a--b|") { inputs, _ in inputs[0].map { $0 } }
    } matching: { issue in
      issue.error is MarbleMismatch && issue.sourceLocation?.line == callLine
        && issue.sourceLocation?.fileID == #fileID
    }
  }

  @Test(arguments: [
    "it's", "'", "''", "\\", "\\'", "'\\", "", "a", "ab", "[x]", "a b", "|", "-", "é",
    "e\u{301}", "\u{301}a", "'\u{301}", "\\\u{301}", "👩‍👩‍👧", "a\u{200D}", "\n\t",
  ])
  func notationRoundTripsEveryString(text: String) throws {
    try expectRoundTrip(text)
  }

  @Test func notationRoundTripsRandomStrings() throws {
    var generator = SeededRandom(seed: 0x15)
    let pool: [Unicode.Scalar] = [
      "'", "\\", "a", "Z", "0", " ", "[", "]", "|", "^", "-", "\u{301}", "\u{200D}", "é",
      "\u{1F469}",
      "\u{FE0F}", "\n",
    ]
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        scalars.append(pool.randomElement(using: &generator)!)
      }
      try expectRoundTrip(String(scalars))
    }
  }

  @Test func aBackslashBeforeAnotherCharacterIsStillItself() throws {
    let timeline = try MarbleTimeline(parsing: "'a\\b'-'it\\'s'|")
    #expect(timeline.ticks == [[.value("a\\b")], [], [.value("it's")], [.finish]])
  }

  private func expectRoundTrip(_ text: String) throws {
    let notation = MarbleEvent.value(text).notation
    let parsed = try MarbleTimeline(parsing: notation)
    guard parsed.ticks.count == 1, parsed.ticks[0].count == 1,
      case .value(let back) = parsed.ticks[0][0]
    else {
      Issue.record("\(notation.debugDescription) parsed as \(parsed.ticks)")
      return
    }
    #expect(
      Array(back.unicodeScalars) == Array(text.unicodeScalars), "\(notation.debugDescription)")
    // Inside a timeline, next to other events, too.
    let timeline = MarbleTimeline(ticks: [
      [.value(text)], [], [.value("x"), .value(text)], [.finish],
    ])
    #expect(try MarbleTimeline(parsing: timeline.description).ticks == timeline.ticks)
  }
}
