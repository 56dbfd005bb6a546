import Testing

@testable import AsyncOps

/// Two shapes where a reader's or the upstream's `UnsafeContinuation<Bool, Never>` is resumed
/// from another thread many times a second: what `scripts/tsan` checks for the continuation
/// hand-over (the resumed task reading what `resume(returning:)` wrote).
@Suite(.timeLimit(.minutes(3))) struct ContinuationHandOverStressTests {
  /// merge of eight synchronous bases on real threads: each reader that finds the consumer busy
  /// suspends, and the consumer resumes it when it takes that reader's element.
  @Test func mergeOfEightSynchronousBasesDeliversEveryElementOnce() async {
    let count = 250
    let bases = (0..<8).map { base in Array(base * count..<(base + 1) * count).async }
    for _ in 0..<2 {
      let merged = merge(
        bases[0], bases[1], bases[2], bases[3], bases[4], bases[5], bases[6], bases[7])
      var received: [Int] = []
      received.reserveCapacity(8 * count)
      for await element in merged { received.append(element) }
      #expect(received.count == 8 * count)
      #expect(received.sorted() == Array(0..<8 * count))
      for base in 0..<8 {
        let own = received.filter { $0 / count == base }
        #expect(own == Array(base * count..<(base + 1) * count), "base \(base) out of order")
      }
    }
  }

  /// share under `.bounded(1)`: consumers that are cancelled while the others read. A consumer
  /// that leaves with a full buffer resumes the upstream, which waits for demand.
  @Test func shareConsumersCancelledWhileOthersReadLeaveTheOthersEveryElement() async {
    let count = 600
    for round in 0..<2 {
      let shared = (0..<count).async.share(bufferingPolicy: .bounded(1))
      // Every consumer registers before any task starts: a reader registered after another
      // reader's first next() had started the upstream would rightly miss what came before it
      // (this test once made each reader's task before registering the next, and under the
      // Thread Sanitizer 3 of 8 readers missed their first elements that way).
      let readerIterators = (0..<4).map { _ in shared.makeAsyncIterator() }
      let leaverIterators = (0..<4).map { _ in shared.makeAsyncIterator() }
      let readers = readerIterators.map { made in
        Task {
          var iterator = made
          var received: [Int] = []
          while let element = await iterator.next() { received.append(element) }
          return received
        }
      }
      let leavers = leaverIterators.enumerated().map { leaver, made in
        let stopAt = 50 + 100 * leaver + 20 * round
        return Task {
          var iterator = made
          var received = 0
          while await iterator.next() != nil {
            received += 1
            if received == stopAt { withUnsafeCurrentTask { $0?.cancel() } }
          }
          return received
        }
      }
      for leaver in leavers {
        let received = await leaver.value
        #expect(received < count, "a cancelled consumer read to the end")
      }
      for reader in readers {
        let received = await reader.value
        #expect(received == Array(0..<count))
      }
    }
  }
}
