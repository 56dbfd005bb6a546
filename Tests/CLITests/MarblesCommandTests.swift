import Testing

@Suite struct MarblesCommandTests {
  @Test func debounceOfTheSpecificationExample() throws {
    let result = try BrewSearchProcess.run(["marbles", "debounce:3", "abcd----e---f-g----|"])
    #expect(result.status == 0)
    #expect(result.stdout == "pull: ------d----e-----g-|\npush: ------d----e-----g-|\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func combineLatestPrintsTuplesAsConcatenatedParts() throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "--engine", "pull", "combineLatest", "a-b-c-|", "--", "-x-y-z|"])
    #expect(result.status == 0)
    #expect(result.stdout == "pull: -'ax''bx''by''cy''cz'|\n")
  }

  @Test func aMarbleStartingWithADashFollowsTheDoubleDash() throws {
    let result = try BrewSearchProcess.run([
      "marbles", "--engine", "both", "debounce:3", "--", "----|",
    ])
    #expect(result.stdout == "pull: ----|\npush: ----|\n")
  }

  @Test func sharePrintsOneLinePerConsumer() throws {
    let result = try BrewSearchProcess.run(["marbles", "share:0,2", "a-b-c|"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "pull[1]: a-b-c|\npull[2]: --b-c|\npush[1]: a-b-c|\npush[2]: --b-c|\n")
  }

  @Test func replayIsPullOnly() throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "--engine", "pull", "share:0,2:replay=1", "a-b-c|"])
    #expect(result.status == 0)
    #expect(result.stdout == "pull[1]: a-b-c|\npull[2]: --[ab]-c|\n")
  }

  @Test func aSettingTheEngineDoesNotSupportIsAnErrorNamingIt() throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "--engine", "push", "share:0:replay=1", "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("does not support replay=1"), "\(result.stderr)")
  }

  /// As every other pull-only setting: with both engines, the push lines
  /// are left out with a note on stderr, and the README example runs.
  @Test(arguments: [["share:0,2:replay=1"], ["--engine", "both", "share:0,2:replay=1"]])
  func replayWithBothEnginesLeavesOutThePushLinesWithANote(arguments: [String]) throws {
    let result = try BrewSearchProcess.run(["marbles"] + arguments + ["a-b-c|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull[1]: a-b-c|\npull[2]: --[ab]-c|\n")
    #expect(
      result.stderr
        == "brew-search: note: push line left out: the push engine does not support replay=1 "
        + "(push has no replay: Combine's share() does not keep elements)\n")
  }

  @Test func aLetterOfAnyScriptIsABareElement() throws {
    let result = try BrewSearchProcess.run(["marbles", "debounce:1", "é-ж-咖|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: -é-ж-[咖|]\npush: -é-ж-[咖|]\n")
  }

  @Test func removeDuplicatesDropsRepeats() throws {
    let result = try BrewSearchProcess.run([
      "marbles", "--engine=push", "removeDuplicates", "aab-b|",
    ])
    #expect(result.stdout == "push: a-b--|\n")
  }

  @Test func theDebounceFinishDifferenceShows() throws {
    let result = try BrewSearchProcess.run(["marbles", "debounce:3", "ab-|"])
    #expect(result.stdout == "pull: ---[b|]\npush: ---|\n")
  }

  @Test func helpDescribesTheNotation() throws {
    let result = try BrewSearchProcess.run(["marbles", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("share:T1,T2,...[:replay=R]"))
  }

  /// The examples of Marble rule 3, verbatim: one spelling, one input, the pull output,
  /// and whether push has the operator (the debounce options are pull only).
  @Test(arguments: [
    ("debounce:3", "abcd----e---f-g----|", "------d----e-----g-|", true),
    ("throttle:3", "abcdefgh-----i|", "a--c--f--h---i|", true),
    ("mapLatest:3", "a-b----c|", "-----b----[c|]", true),
    ("debounce:3:maxWait=5", "abcdefghijk----|", "-----e----j--k-|", false),
  ])
  func theMarbleRuleExamplesAreReproducedVerbatim(
    spelling: String, input: String, pull: String, pushHasIt: Bool
  ) throws {
    let result = try BrewSearchProcess.run(["marbles", "--engine", "pull", spelling, input])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: \(pull)\n")
    if pushHasIt {
      let both = try BrewSearchProcess.run(["marbles", spelling, input])
      #expect(both.stdout == "pull: \(pull)\npush: \(pull)\n")
    }
  }

  @Test func theCombineLatestExampleOfTheSemanticsIsReproducedVerbatim() throws {
    let result = try BrewSearchProcess.run(["marbles", "combineLatest", "a-b-c-|", "--", "-x-y-z|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: -'ax''bx''by''cy''cz'|\npush: -'ax''bx''by''cy''cz'|\n")
  }

  @Test func throttleFirstKeepsTheFirstWaitingElement() throws {
    let result = try BrewSearchProcess.run(["marbles", "throttle:3:first", "abcdefgh-----i|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: a--b--d--g---i|\npush: a--b--d--g---i|\n")
  }

  @Test(arguments: [
    ("debounce:2:leading", "ab---c|", "a--b-c|", "leading"),
    (
      "debounce:3:leading:maxWait=5", "abcdefghijk----|", "a----[ef]----[jk]----|",
      "leading and maxWait=5"
    ),
  ])
  func aPullOnlyDebounceOptionLeavesThePushLineOutOfBoth(
    spelling: String, input: String, pull: String, named: String
  ) throws {
    let both = try BrewSearchProcess.run(["marbles", spelling, input])
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout == "pull: \(pull)\n")
    #expect(both.stderr.contains("note: push line left out"), "\(both.stderr)")
    #expect(both.stderr.contains("does not support \(named)"), "\(both.stderr)")
    let push = try BrewSearchProcess.run(["marbles", "--engine", "push", spelling, input])
    #expect(push.status == 2)
    #expect(push.stdout.isEmpty)
    #expect(push.stderr.contains("does not support \(named)"), "\(push.stderr)")
  }

  @Test(arguments: [
    "throttle:x", "throttle:3:last", "mapLatest", "mapLatest:3:first", "debounce:3:trailing",
    "debounce:3:maxWait=2", "debounce:3:maxWait=5:leading", "debounce:-1:leading",
  ])
  func aMalformedNewSpellingIsAnErrorNamingIt(spelling: String) throws {
    let result = try BrewSearchProcess.run(["marbles", spelling, "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("'\(spelling)'"), "\(result.stderr)")
  }
}
