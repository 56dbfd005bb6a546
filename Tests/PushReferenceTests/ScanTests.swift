import PushReference
import Testing

/// Combine's `scan`: the running result of an initial value and each value.
@Suite struct ScanTests {
  @Test func emitsEachRunningResultButNotTheInitialOne() throws {
    try expectPushMarbles(["a-b-c|"], "a-'ab'-'abc'|") { inputs, _ in
      inputs[0].scan("") { $0 + $1 }
    }
  }

  @Test func passesTheFailureThroughAfterTheResultsBeforeIt() throws {
    try expectPushMarbles(["ab^"], "a'ab'^") { inputs, _ in inputs[0].scan("") { $0 + $1 } }
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() {
    let subject = PassthroughSubject<Int, Never>()
    let totals = subject.scan(10) { $0 + $1 }
    var first: [Int] = []
    var second: [Int] = []
    let a = totals.sink { first.append($0) }
    subject.send(1)
    let b = totals.sink { second.append($0) }
    subject.send(2)
    #expect(first == [11, 13])
    #expect(second == [12])
    _ = (a, b)
  }
}
