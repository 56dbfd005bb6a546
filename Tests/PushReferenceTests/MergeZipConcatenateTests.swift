import PushReference
import Testing

private func pairText(_ pair: (String, String)) -> String { pair.0 + pair.1 }

/// Combine's `Merge`, `MergeMany`, `Zip` and `append` (`Concatenate`) in PushReference.
@Suite struct MergeZipConcatenateTests {
  @Test func mergePassesValuesOnAsTheyArriveAndFinishesWhenEveryUpstreamHas() throws {
    try expectPushMarbles(["a-c---|", "-b--d|"], "abc-d-|") { s, _ in s[0].merge(with: s[1]) }
  }

  @Test func mergeDeliversAFailureAtOnceAndCancelsTheOthers() throws {
    try expectPushMarbles(["a-^", "-b---c|"], "ab^") { s, _ in Publishers.Merge(s[0], s[1]) }
  }

  @Test func mergeOfThreeAndMergeManyTakeOneInstantInArgumentOrder() throws {
    try expectPushMarbles(["-a|", "-b|", "-c|"], "-[abc]|") { s, _ in
      Publishers.Merge3(s[0], s[1], s[2])
    }
    try expectPushMarbles(["-a|", "-b|", "-c|", "d-|"], "d[abc]|") { s, _ in
      Publishers.MergeMany(s)
    }
  }

  @Test func mergeManyOfNothingFinishesAtOnce() throws {
    let empty: [PassthroughSubject<String, MarbleFailure>] = []
    try expectPushMarbles(["-"], "|") { _, _ in Publishers.MergeMany(empty) }
  }

  @Test func mergeHoldsAValueThatArrivesWithoutDemandUntilTheDownstreamAsks() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Subscription)?
    Publishers.Merge(a, b).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription = $0 },
        receiveValue: {
          received.append($0)
          return .none
        },
        receiveCompletion: { _ in }))
    subscription?.request(.max(1))
    a.send(1)
    b.send(2)  // b was asked for one too; the downstream has no demand left: it waits
    #expect(received == [1])
    subscription?.request(.max(1))
    #expect(received == [1, 2])
  }

  @Test func zipPairsTheNthValuesAndBuffersWithoutLimit() throws {
    try expectPushMarbles(["abc---|", "---xyz|"], "---'ax''by''cz'|", render: pairText) {
      s, _ in s[0].zip(s[1])
    }
  }

  @Test func zipFinishesWhenAFinishedUpstreamsBufferIsEmpty() throws {
    try expectPushMarbles(["ab|", "x---y|"], "'ax'---['by'|]", render: pairText) { s, _ in
      Publishers.Zip(s[0], s[1])
    }
  }

  @Test func zipFailsAtOnceEvenWithBufferedValues() throws {
    try expectPushMarbles(["a^", "--x"], "-^", render: pairText) { s, _ in s[0].zip(s[1]) }
  }

  @Test func zipOfThree() throws {
    let triple: ((String, String, String)) -> String = { $0.0 + $0.1 + $0.2 }
    try expectPushMarbles(["a--b|", "-x-y|", "--p-q|"], "--'axp'-['byq'|]", render: triple) {
      s, _ in Publishers.Zip3(s[0], s[1], s[2])
    }
  }

  @Test func appendSubscribesToTheSuffixOnlyWhenThePrefixHasFinished() throws {
    // The suffix is a subject: what it sent before the prefix finished is not seen.
    try expectPushMarbles(["a-b|", "x---y|"], "a-b-y|") { s, _ in s[0].append(s[1]) }
  }

  @Test func appendEndsAtAFailureOfThePrefix() throws {
    try expectPushMarbles(["a^", "-x|"], "a^") { s, _ in s[0].append(s[1]) }
  }
}
