import PushReference
import Testing

/// Where the demand a combination returns goes: as Apple's Combine does it, to the upstream whose
/// value made the combination — not to every upstream, as OpenCombine does
/// (docs/push-vs-pull.md "Apple's Combine and OpenCombine").
@Suite struct CombineLatestReturnedDemandTests {
  /// The forum-reported case: a subscriber that requests `.max(1)` and returns `.max(1)` from
  /// each value. Apple's Combine prints `[1, 1]`, `[1, 2]`: `latest1.send(2)` finds its
  /// subscription without demand (its one request was used by `1`; the demand `[1, 1]` returned
  /// went to `latest2`), so it is lost. OpenCombine's reading gave `[1,1], [2,1], [2,2]`.
  @Test func theDemandAValueReturnsGoesToTheUpstreamWhoseValueMadeTheCombination() {
    let latest1 = PassthroughSubject<Int, Never>()
    let latest2 = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<(Int, Int), Never>(
      initialDemand: .max(1), demandPerValue: .max(1))
    latest1.combineLatest(latest2).subscribe(subscriber)
    latest1.send(1)
    latest2.send(1)
    latest1.send(2)
    latest2.send(2)
    #expect(subscriber.values.map { [$0.0, $0.1] } == [[1, 1], [1, 2]])
  }

  /// The other side of the same rule: the returned demand lets the upstream that made the
  /// combination go on, one value at a time, while the other stays at what it was given.
  @Test func theOtherUpstreamKeepsOnlyTheDownstreamsRequests() {
    let left = PassthroughSubject<String, Never>()
    let right = PassthroughSubject<String, Never>()
    let subscriber = RecordingSubscriber<(String, String), Never>(
      initialDemand: .max(2), demandPerValue: .max(1))
    left.combineLatest(right).subscribe(subscriber)
    left.send("a")  // left: 1 of 2 requested left
    right.send("x")  // 'ax'; right gets its 1 back: 2
    right.send("y")  // 'ay'; right: 2
    left.send("b")  // left's second request: 'by'; left gets 1 back
    left.send("c")  // 'cy'
    subscriber.request(.max(1))  // both upstreams one more
    right.send("z")  // 'cz'
    #expect(
      subscriber.values.map { $0.0 + $0.1 } == ["ax", "ay", "by", "cy", "cz"])
  }
}
