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

  @Test(arguments: ["push", "both"])
  func aSettingTheEngineDoesNotSupportIsAnErrorNamingIt(engine: String) throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "--engine", engine, "share:0:replay=1", "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("does not support replay=1"), "\(result.stderr)")
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
}
