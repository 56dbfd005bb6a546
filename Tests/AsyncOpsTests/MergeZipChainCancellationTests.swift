import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Cancelling the task that iterates a merge, zip or chain ends its loop at once and cancels the
/// bases' reads: on virtual time, after one settle, every base read has ended and nothing runs.
@Suite struct MergeZipChainCancellationTests {
  enum Operator: String, CaseIterable, Sendable {
    case merge, zip, chain
  }

  @Test(arguments: Operator.allCases)
  func cancellingTheIteratingTaskCancelsEveryBaseReadAtOnce(_ operation: Operator) async throws {
    let outcome = try await withVirtualTime { time in
      let bases = (0..<3).map { _ in AsyncTestSource<Int>() }
      bases[0].send(1)
      let loop = Task {
        var received: [Int] = []
        switch operation {
        case .merge:
          for try await value in merge(bases[0], bases[1], bases[2]) { received.append(value) }
        case .zip:
          for try await (a, _, _) in zip(bases[0], bases[1], bases[2]) { received.append(a) }
        case .chain:
          for try await value in chain(bases[0], bases[1], bases[2]) { received.append(value) }
        }
        return received
      }
      await time.settle()
      // Every base that is being read waits in `next()`.
      let waiting = bases.map(\.waitingCount)
      loop.cancel()
      await time.settle()
      let received = try await loop.value
      return (
        waiting, received, bases.map(\.cancellationCount), bases.map(\.liveIteratorCount)
      )
    }
    switch operation {
    case .merge:
      #expect(outcome.0 == [1, 1, 1])
      #expect(outcome.1 == [1])
      #expect(outcome.2 == [1, 1, 1])
    case .zip:
      // The first base holds its element for the first tuple; the others wait.
      #expect(outcome.0 == [0, 1, 1])
      #expect(outcome.1.isEmpty)
      #expect(outcome.2 == [0, 1, 1])
    case .chain:
      // Only the first base is read; the later ones are never started.
      #expect(outcome.0 == [1, 0, 0])
      #expect(outcome.1 == [1])
      #expect(outcome.2 == [1, 0, 0])
    }
    #expect(outcome.3 == [0, 0, 0])
  }
}
