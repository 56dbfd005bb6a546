import BrewSearch
import BrewSearchReplay

/// How `replay` and the piped `search` print what the models emit: aligned text, or one JSON
/// object per line (`{"t":MS,"engine":"pull","kind":"results","ids":["..."]}`).
struct EmissionFormat {
  var json: Bool

  /// One emission of a replay: results as ids, or the recent terms.
  func line(for emission: SearchEmission, engine: String) -> String {
    switch emission.kind {
    case .results(let ids):
      if json { return resultsJSON(engine: engine, milliseconds: emission.milliseconds, ids: ids) }
      return resultsHead(engine: engine, milliseconds: emission.milliseconds)
        + "\(ids.count): " + ids.joined(separator: " ")
    case .recent(let terms):
      return recent(engine: engine, milliseconds: emission.milliseconds, terms: terms)
    }
  }

  /// A filter pass of the piped search: the brews listed one per line (or the ids in JSON); a
  /// note's line breaks and control characters are escaped (`\n`), so a brew is one line.
  func results(engine: String, milliseconds: Int, brews: FilteredBrews) -> String {
    if json { return resultsJSON(engine: engine, milliseconds: milliseconds, ids: brews.map(\.id)) }
    var lines = [
      resultsHead(engine: engine, milliseconds: milliseconds)
        + "\(brews.count) brew\(brews.count == 1 ? "" : "s")"
    ]
    for brew in brews {
      let stars =
        String(repeating: "★", count: brew.rating)
        + String(repeating: "☆", count: 5 - brew.rating)
      lines.append(
        "    \(Self.pad(brew.id, 8)) \(Self.pad(brew.method.label, 12)) \(stars)  \(DisplayText.escaped(brew.notes))"
      )
    }
    return lines.joined(separator: "\n")
  }

  private func resultsJSON(engine: String, milliseconds: Int, ids: [String]) -> String {
    let list = ids.map(BrewDataFile.quoted).joined(separator: ",")
    return #"{"t":\#(milliseconds),"engine":"\#(engine)","kind":"results","ids":[\#(list)]}"#
  }

  private func resultsHead(engine: String, milliseconds: Int) -> String {
    "\(Self.pad(engine, 4)) \(Self.padLeft("\(milliseconds)", 6)) ms  results  "
  }

  func recent(engine: String, milliseconds: Int, terms: [String]) -> String {
    if json {
      let list = terms.map(BrewDataFile.quoted).joined(separator: ",")
      return #"{"t":\#(milliseconds),"engine":"\#(engine)","kind":"recent","terms":[\#(list)]}"#
    }
    return "\(Self.pad(engine, 4)) \(Self.padLeft("\(milliseconds)", 6)) ms  recent   "
      + terms.joined(separator: " · ")
  }

  func summary(engine: String, filterPasses: Int) -> String {
    if json {
      return #"{"engine":"\#(engine)","kind":"summary","filterPasses":\#(filterPasses)}"#
    }
    return
      "\(Self.pad(engine, 4)) summary: \(filterPasses) filter pass\(filterPasses == 1 ? "" : "es")"
  }

  /// The verdict of `--engine both` or `all`: whether `second`'s timeline agrees with `first`'s.
  /// The JSON line names the engines only when they are not pull and push (the original verdict).
  func verdict(_ first: String, _ second: String, agree: Bool, detail: String) -> String {
    if json {
      let enginesField =
        (first, second) == ("pull", "push") ? "" : #","engines":["\#(first)","\#(second)"]"#
      let detailField = agree ? "" : #","difference":"# + BrewDataFile.quoted(detail)
      return #"{"kind":"verdict","agree":\#(agree)\#(enginesField)\#(detailField)}"#
    }
    return agree
      ? "\(first) and \(second) timelines agree"
      : "\(first) and \(second) timelines differ: \(detail)"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private static func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
