import Foundation
import Testing

/// `marbles currentValue:V:T1,...` and `marbles removeDuplicates:ignoringCase`: the operators of
/// the CurrentValue and RemoveDuplicates articles' diagrams.
@Suite struct MarblesCurrentValueAndIgnoringCaseTests {
  @Test func currentValueConsumersGetTheCurrentValueThenLaterOnes() throws {
    let result = try BrewSearchProcess.run(["marbles", "currentValue:a:0,2", "--", "-b-c-|"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull[1]: ab-c-|\npull[2]: --bc-|\n")
    #expect(result.stderr.contains("push line left out"), "\(result.stderr)")
  }

  @Test func currentValueWithThePushEngineIsAnErrorNamingIt() throws {
    let result = try BrewSearchProcess.run([
      "marbles", "currentValue:a:0", "--engine", "push", "--", "-b|",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the push engine does not support"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [
    ("currentValue:a:0", "-b^", "cannot have ^"),
    ("currentValue::0", "a|", "expected currentValue:V:T1,T2"),
    ("currentValue:a:0,x", "a|", "'x' is not a tick"),
    ("currentValue:a", "a|", "expected currentValue:V:T1,T2"),
    ("removeDuplicates:nope", "a|", "expected removeDuplicates or removeDuplicates:ignoringCase"),
  ])
  func malformedSettingsAreErrorsNamingThem(operation: String, marble: String, message: String)
    throws
  {
    let result = try BrewSearchProcess.run([
      "marbles", operation, "--engine", "pull", "--", marble,
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func removeDuplicatesIgnoringCaseAgreesOnBothEngines() throws {
    let result = try BrewSearchProcess.run([
      "marbles", "removeDuplicates:ignoringCase", "--engine", "both", "aAb-B-a|",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "pull: a-b---a|\npush: a-b---a|\n")
  }
}
