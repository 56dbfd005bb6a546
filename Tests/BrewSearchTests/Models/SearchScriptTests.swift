import BrewSearch
import Testing

@Suite struct SearchScriptTests {
  @Test func everyEventKindParses() throws {
    let script = try SearchScript(
      parsing: """
        # a comment
        at 0 text b r

        at 5 text
        at 10 method pourOver
        at 10 method any
        at 20 rating 4
        at 30 source sample
        at 40 source more/brews.json
        """)
    #expect(
      script.lines.map(\.command) == [
        .text("b r"), .text(""), .method(.pourOver), .method(nil), .rating(4), .source(.sample),
        .source(.file("more/brews.json")),
      ])
    #expect(script.lines.map(\.lineNumber) == [2, 4, 5, 6, 7, 8, 9])
    #expect(script.lines[4].time == .milliseconds(20))
  }

  @Test(arguments: [
    ("at 0 txt a", 1, "unknown event 'txt'"),
    ("at x text a", 1, "'x' is not a time"),
    ("at -5 text a", 1, "'-5' is not a time"),
    ("at 10 text a\nat 5 text b", 2, "time goes backwards: 5 ms comes after 10 ms on line 1"),
    ("at 0 method siphon", 1, "unknown method 'siphon'"),
    ("at 0 rating 6", 1, "minimum rating '6' is outside 0–5"),
    ("at 0 rating", 1, "'rating' needs an argument"),
    ("text a", 1, "expected 'at MS EVENT'"),
  ])
  func aBadLineIsReportedWithItsNumberAndText(script: String, line: Int, reason: String) {
    #expect {
      try SearchScript(parsing: script, name: "typing.txt")
    } throws: { error in
      let message = String(describing: error)
      return (error as? SearchScriptError)?.lineNumber == line
        && message.hasPrefix("typing.txt:\(line): ") && message.contains(reason)
    }
  }
}
