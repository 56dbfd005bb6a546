import Testing

@testable import brew_search_cli

/// The key decoder on its own: every sequence whatever the chunks it arrives in, and widths in
/// terminal columns (the pseudo-terminal tests show the same through the real screen).
@Suite struct KeyDecoderTests {
  static let sequences: [(bytes: String, key: Key)] = [
    ("\u{1B}[3~", .named(.delete, [])), ("\u{1B}[5~", .named(.pageUp, [])),
    ("\u{1B}[6~", .named(.pageDown, [])), ("\u{1B}[H", .named(.home, [])),
    ("\u{1B}[F", .named(.end, [])), ("\u{1B}[1~", .named(.home, [])),
    ("\u{1B}[4~", .named(.end, [])), ("\u{1B}OH", .named(.home, [])),
    ("\u{1B}OF", .named(.end, [])), ("\u{1B}[1;5C", .named(.right, .control)),
    ("\u{1B}[1;3D", .named(.left, .alt)), ("\u{1B}OP", .named(.function(1), [])),
    ("\u{1B}[11~", .named(.function(1), [])), ("\u{1B}[[A", .named(.function(1), [])),
    ("\u{1B}[24~", .named(.function(12), [])), ("\u{1B}[1;2R", .named(.function(3), .shift)),
    ("\u{1B}[A", .named(.up, [])), ("\u{1B}OB", .named(.down, [])), ("\u{1B}[Z", .shiftTab),
    ("-", .text("-")), ("+", .text("+")), ("~", .text("~")), ("é", .text("é")),
    ("咖", .text("咖")), ("\u{7F}", .backspace), ("\u{15}", .controlU), ("\u{3}", .controlC),
  ]

  @Test func everySequenceIsOneKeyWhateverTheChunksItArrivesIn() {
    for (text, key) in Self.sequences {
      let bytes = Array(text.utf8)
      for split in 0...bytes.count {
        var decoder = KeyDecoder()
        let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
        #expect(keys == [key], "\(bytes) split at \(split)")
        #expect(!decoder.isWaiting)
      }
    }
  }

  @Test func unknownSequencesAreConsumedWholeAndInsertNothing() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array("\u{1B}[99;9x\u{1B}[200~\u{1B}Oz\u{1B}xa".utf8))
    #expect(keys == [.text("a")], "only the a after Alt-x")
  }

  @Test func aLoneEscIsTheEscKeyOnlyWhenNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty && decoder.isWaiting)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode([0x1B, 0x1B]) == [.escape], "Esc twice: the first is a lone Esc")
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
    #expect(decoder.flush().isEmpty, "an incomplete sequence is dropped, not typed")
  }

  @Test(arguments: [
    ("abc", 3), ("咖啡", 4), ("e\u{301}", 1), ("\u{301}", 0), ("😀", 2), ("❤\u{FE0F}", 2),
    ("👩\u{200D}💻", 2), ("👍\u{1F3FD}", 2), ("🇫🇷", 2), ("ｶ", 1), ("Ａ", 2), ("\u{200B}", 0),
  ])
  func widthsAreTerminalColumns(text: String, columns: Int) {
    #expect(TerminalColumns.width(of: text) == columns, "\(text.unicodeScalars.map(\.value))")
  }

  @Test func aStyledLineFitsItsColumnsExactlyWithOrWithoutColour() {
    var line = StyledLine()
    line.append("Espresso", style: "36")
    line.append(" 咖啡咖啡")
    #expect(line.rendered(columns: 17, color: false) == "Espresso 咖啡咖啡")
    #expect(line.rendered(columns: 17, color: true) == "\u{1B}[36mEspresso\u{1B}[0m 咖啡咖啡")
    #expect(line.rendered(columns: 16, color: false) == "Espresso 咖啡咖…", "cut, never wrapped")
    #expect(line.rendered(columns: 3, color: true) == "\u{1B}[36mEs\u{1B}[0m…")
  }
}
