extension ConformanceScenarios {
  /// CombineLatest rules 1–4, with 2, 3, 4, 5 and 8 bases.
  static let combineLatest: [ConformanceScenario] = [
    .agree(
      "combineLatest of two emits one tuple per element once both bases have produced",
      .combineLatest, ["a-b-c-|", "-x-y-z|"], "-'ax''bx''by''cy''cz'|"),
    .agree(
      "combineLatest emits nothing until every base has produced",
      .combineLatest, ["ab---|", "---x-|"], "---'bx'-|"),
    .agree(
      "combineLatest takes the elements of one tick in argument order, one tuple each",
      .combineLatest, ["a-b|", "x-y|"], "'ax'-['bx''by']|"),
    .agree(
      "combineLatest finishes only when every base has finished",
      .combineLatest, ["a|", "-x--y|"], "-'ax'--'ay'|"),
    .agree(
      "combineLatest delivers the tuples of a tick before the failure that follows them",
      .combineLatest, ["a-[b^]", "x---"], "'ax'-['bx'^]"),
    .agree(
      "combineLatest fails at once when a base fails before every base has produced",
      .combineLatest, ["a-", "-^"], "-^"),
    .agree(
      "combineLatest fails when a failure comes before a base's empty finish",
      .combineLatest, ["-^", "--|"], "-^"),
    .agree(
      "combineLatest of three combines the latest of each base",
      .combineLatest, ["a--d|", "-b---|", "--c-e|"], "--'abc''dbc''dbe'|"),
    .agree(
      "combineLatest of four emits its first tuple when the last base produces",
      .combineLatest, ["a---|", "b---|", "c---|", "d-e-|"], "'abcd'-'abce'-|"),
    .agree(
      "combineLatest of five waits for the fifth base",
      .combineLatest, ["a----|", "-b---|", "--c--|", "---d-|", "----e|"], "----'abcde'|"),
    .agree(
      "combineLatest of eight keeps the last element of bases that have finished",
      .combineLatest, ["a-i|", "b|", "c|", "d|", "e|", "f|", "g|", "h--j|"],
      "'abcdefgh'-'ibcdefgh''ibcdefgj'|"),
    .differ(
      "combineLatest when a base finishes empty: pull finishes at once, push when all have",
      .combineLatest, ["a-b-|", "-|"], pull: ["-|"], push: ["----|"],
      because: .combineLatestFinishesWhenABaseFinishesEmpty),
    .differ(
      "combineLatest when a base finishes empty beside one that never ends: push never finishes",
      .combineLatest, ["a-b", "--|"], pull: ["--|"], push: [""],
      because: .combineLatestFinishesWhenABaseFinishesEmpty),
    .differ(
      "combineLatest of three after an empty finish: pull has finished, push sees a later failure",
      .combineLatest, ["a---", "-|", "--x-^"], pull: ["-|"], push: ["----^"],
      because: .combineLatestFinishesWhenABaseFinishesEmpty),
    .differ(
      "combineLatest with an empty finish and a failure in one tick: pull ends at the finish",
      .combineLatest, ["-|", "-^"], pull: ["-|"], push: ["-^"],
      because: .combineLatestFinishesWhenABaseFinishesEmpty),
  ]
}
