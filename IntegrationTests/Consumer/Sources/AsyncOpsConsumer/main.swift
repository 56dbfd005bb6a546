// An app's use of AsyncOps, run by `.ci/run` in debug and release: every operator in `for await`
// loops on the real ContinuousClock, and the README's search model. Exit status 1 if any check
// fails.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs every check; whether all passed.
func runChecks() async -> Bool {
  var runner = CheckRunner(limit: .seconds(20))
  await runner.run(
    "debounce emits the last of a burst", OperatorChecks.debounceEmitsTheLastOfABurst)
  await runner.run(
    "debounce waits for quiet on the clock", OperatorChecks.debounceWaitsForQuietOnTheClock)
  await runner.run(
    "combineLatest of every arity 2-8, inline", OperatorChecks.combineLatestOfEveryArityInline)
  await runner.run(
    "combineLatest follows the latest values", OperatorChecks.combineLatestFollowsTheLatestValues)
  await runner.run(
    "share(replay:) gives every consumer every element",
    OperatorChecks.shareGivesEveryConsumerEveryElement)
  await runner.run(
    "AsyncCurrentValue gives the current, then later values",
    OperatorChecks.currentValueGivesTheCurrentThenLaterValues)
  await runner.run(
    "removeDuplicates with every predicate", OperatorChecks.removeDuplicatesWithEveryPredicate)
  await runner.run("merge of 2, 3, 5 and 8 bases", MergeZipChainChecks.mergeOfEveryArity)
  await runner.run("zip of 2, 3, 5 and 8 bases", MergeZipChainChecks.zipOfEveryArity)
  await runner.run("chain of 2, 3, 5 and 8 bases", MergeZipChainChecks.chainOfEveryArity)
  await runner.run(
    "AsyncChannel hands every element over in order",
    ChannelBufferChecks.channelHandsEveryElementToAConsumerInOrder)
  await runner.run(
    "AsyncThrowingChannel fails after the elements",
    ChannelBufferChecks.throwingChannelDeliversTheFailureAfterTheElements)
  await runner.run("buffer(policy:) with every policy", ChannelBufferChecks.bufferWithEveryPolicy)
  await runner.run(
    "every sequence algorithm once", SequenceAlgorithmChecks.everyAlgorithmOnce)
  await runner.run(
    "the README search model filters and remembers",
    SearchModelCheck.theReadmeSearchModelFiltersAndRemembers)
  print("\(runner.passed) passed, \(runner.failed) failed")
  return runner.failed == 0
}

exit(await runChecks() ? 0 : 1)
