extension ConformanceScenarios {
  /// Merge rules 1–3, Zip rules 1–3 and Chain rules 1–4, with 2, 3, 5 and 8 inputs.
  static let fanIn: [ConformanceScenario] = merge + zip + chain

  static let merge: [ConformanceScenario] = [
    .agree(
      "merge rule 1: elements in arrival order", .fanIn(.merge), ["a-c---|", "-b--d|"],
      "abc-d-|"),
    .agree(
      "merge rule 1: the elements of one instant in argument order", .fanIn(.merge),
      ["-a-c|", "-b-d|", "-x--|"], "-[abx]-[cd]|"),
    .agree(
      "merge rule 2: finishes when every base has finished", .fanIn(.merge), ["a|", "-b--|"],
      "ab--|"),
    .agree(
      "merge rule 2: the first failure ends it after the elements taken", .fanIn(.merge),
      ["a-^", "-b---c|"], "ab^"),
    .agree(
      "merge of five takes each base's element as it comes", .fanIn(.merge),
      ["a----|", "-b---|", "--c--|", "---d-|", "----e|"], "abcde|"),
    .agree(
      "merge of eight takes one instant's elements in argument order", .fanIn(.merge),
      ["a|", "b|", "c|", "d|", "e|", "f|", "g|", "h|"], "[abcdefgh]|"),
  ]

  static let zip: [ConformanceScenario] = [
    .agree(
      "zip rule 1: the n-th tuple holds the n-th element of each base", .fanIn(.zip),
      ["ab--c|", "-x-y--|"], "-'ax'-'by'--|"),
    .agree(
      "zip rule 1: a tuple of three comes when its last element arrives", .fanIn(.zip),
      ["a--b|", "-x-y|", "--p-q|"], "--'axp'-['byq'|]"),
    .agree(
      "zip rule 2: ends as soon as a base finishes", .fanIn(.zip), ["a-b-c", "x|"], "'ax'|"),
    .agree(
      "zip rule 2: drops the elements already read from the other bases", .fanIn(.zip),
      ["a-b|", "x-|"], "'ax'-|"),
    .agree(
      "zip rule 2: a failure ends it", .fanIn(.zip), ["a-^", "x----y|"], "'ax'-^"),
    .agree(
      "zip of five makes one tuple of the first elements", .fanIn(.zip),
      ["a|", "b|", "c|", "d|", "e|"], "'abcde'|"),
    .agree(
      "zip of eight ends when the first base finishes", .fanIn(.zip),
      ["a-|", "b|", "c|", "d|", "e|", "f|", "g|", "h|"], "'abcdefgh'|"),
    .differ(
      "zip when a base holding an element fails: pull meets the failure at its turn",
      .fanIn(.zip), ["a^", "--x"], pull: ["--['ax'^]"], push: ["-^"],
      because: .zipMeetsAFailureAtItsBasesTurn),
  ]

  static let chain: [ConformanceScenario] = [
    .agree(
      "chain gives the later input's elements after the earlier one finished", .fanIn(.chain),
      ["a-b|", "---x|"], "a-bx|"),
    .agree("chain ends at a failure", .fanIn(.chain), ["a^", "-x|"], "a^"),
    .agree(
      "chain of three reads each input at its turn", .fanIn(.chain), ["a|", "-b|", "--c|"],
      "abc|"),
    .agree(
      "chain of five", .fanIn(.chain), ["a|", "-b|", "--c|", "---d|", "----e|"], "abcde|"),
    .differ(
      "chain when a later input sent before its turn: pull reads it from its first event",
      .fanIn(.chain), ["ab|", "xy|"], pull: ["ab[xy|]"], push: ["ab|"],
      because: .chainReadsALaterInputFromItsFirstEvent),
  ]
}
