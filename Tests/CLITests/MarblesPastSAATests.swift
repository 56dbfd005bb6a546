import Testing

/// The `brew-search marbles` spellings of the operators past swift-async-algorithms, exactly as
/// docs/semantics.md writes them, on both engines where a push twin exists.
@Suite struct MarblesPastSAATests {
  @Test func withLatestFromTakesTwoInputs() throws {
    let result = try BrewSearchProcess.run([
      "marbles", "withLatestFrom", "--", "-a--b-c|", "x--y---",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: -'ax'--'by'-'cy'|\npush: -'ax'--'by'-'cy'|\n")
  }

  @Test func timeoutFailsOnBothEngines() throws {
    let result = try BrewSearchProcess.run(["marbles", "timeout:3", "a-b----c|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: a-b--^\npush: a-b--^\n")
  }

  @Test func delayShiftsEveryEvent() throws {
    let result = try BrewSearchProcess.run(["marbles", "delay:2", "ab--c|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: --ab--c|\npush: --ab--c|\n")
  }

  @Test func prefixUntilTakesTwoInputs() throws {
    let result = try BrewSearchProcess.run(["marbles", "prefixUntil", "abcdef|", "--", "---x"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: abc[d|]\npush: abc[d|]\n")
  }

  @Test func retryRestartsTheColdInput() throws {
    let result = try BrewSearchProcess.run(["marbles", "retry:2", "ab^"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: ababab^\npush: ababab^\n")
  }

  @Test func retryPlaysOneInputPerAttempt() throws {
    let result = try BrewSearchProcess.run(["marbles", "retry:2", "a^", "b^", "c|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: abc|\npush: abc|\n")
  }

  @Test func retryWithBackoffStartsTheInputAgainBTicksAfterTheError() throws {
    let result = try BrewSearchProcess.run(["marbles", "retry:1:backoff=2", "ab^"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: ab--ab^\n")
    #expect(result.stderr.contains("backoff=2"), "\(result.stderr)")
  }

  @Test func shareWithAStopDelayAndALeaveTickDrawsEachConsumerUntilItLeaves() throws {
    let result = try BrewSearchProcess.run(["marbles", "share:0,5-9:stop=3", "abcdefghijkl|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull[1]: abcdefghijkl|\npull[2]: -----fghi\n")
    #expect(result.stderr.contains("stop=3"), "\(result.stderr)")
  }

  @Test func shareWithStopZeroRestartsTheColdInputOnBothEngines() throws {
    let result = try BrewSearchProcess.run(["marbles", "share:0-2,4:stop=0", "abcdef|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == "pull[1]: ab\npull[2]: ----abcdef|\npush[1]: ab\npush[2]: ----abcdef|\n")
  }

  @Test(arguments: ["share:0-0", "share:0:stop=x", "share:0:stop=1:stop=2", "share:0-1-2"])
  func aMalformedShareSpellingIsRefused(spelling: String) throws {
    let result = try BrewSearchProcess.run(["marbles", spelling, "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(spelling), "\(result.stderr)")
  }

  @Test(arguments: ["timeout", "delay:x", "retry:1:backoff", "withLatestFrom:1", "prefixUntil:2"])
  func aMalformedSpellingIsRefused(spelling: String) throws {
    let result = try BrewSearchProcess.run(["marbles", spelling, "ab|", "x"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
  }
}
