import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

/// Retry rules 1 and 2 on the iterator itself (retry has no task: it reads its base in the
/// consuming task), with a cold base whose k-th iteration plays `runs[k]`.
@Suite struct RetryIteratorTests {
  struct Failure: Error, Equatable {
    let run: Int
  }

  /// A cold base: iteration k yields `runs[k].elements`, then fails if `runs[k].fails`.
  struct ScriptedRuns: AsyncSequence, Sendable {
    typealias Element = String
    let runs: [(elements: [String], fails: Bool)]
    let iterations = Iterations()

    final class Iterations: Sendable {
      let count = Mutex(0)
    }

    func makeAsyncIterator() -> Iterator {
      let run = iterations.count.withLock { count in
        defer { count += 1 }
        return count
      }
      return Iterator(run: run, script: runs[Swift.min(run, runs.count - 1)])
    }

    struct Iterator: AsyncIteratorProtocol {
      let run: Int
      let script: (elements: [String], fails: Bool)
      var position = 0

      mutating func next(
        isolation actor: isolated (any Actor)? = #isolation
      ) async throws(Failure) -> String? {
        if position < script.elements.count {
          defer { position += 1 }
          return script.elements[position]
        }
        if script.fails, position == script.elements.count {
          position += 1
          throw Failure(run: run)
        }
        return nil
      }
    }
  }

  /// Everything the iterator gives, then the error it threw (if any), then three more `next()`.
  private static func drain(
    _ sequence: AsyncRetrySequence<ScriptedRuns, ContinuousClock>
  ) async -> (elements: [String], error: Failure?, after: [String?]) {
    var iterator = sequence.makeAsyncIterator()
    var elements: [String] = []
    var error: Failure?
    do {
      while let element = try await iterator.next() { elements.append(element) }
    } catch let failure {
      error = failure
    }
    var after: [String?] = []
    for _ in 0..<3 { after.append(try? await iterator.next()) }
    return (elements, error, after)
  }

  @Test func aFailureStartsANewIterationAndElementsStayEmitted() async {
    let base = ScriptedRuns(runs: [(["a", "b"], true), (["c"], false)])
    let result = await Self.drain(base.retry(1))
    #expect(result.elements == ["a", "b", "c"])
    #expect(result.error == nil)
    #expect(base.iterations.count.withLock { $0 } == 2)
  }

  @Test func theFailureAfterTheLastRetryIsThrownThenNil() async {
    let base = ScriptedRuns(runs: [(["a"], true)])
    let result = await Self.drain(base.retry(2))
    #expect(result.elements == ["a", "a", "a"])
    #expect(result.error == Failure(run: 2))
    #expect(result.after == [nil, nil, nil])
  }

  @Test func anElementDoesNotResetTheCount() async {
    let base = ScriptedRuns(runs: [(["a"], true), (["b"], true), (["c"], true), (["d"], false)])
    let result = await Self.drain(base.retry(2))
    #expect(result.elements == ["a", "b", "c"])
    #expect(result.error == Failure(run: 2))
  }

  @Test func zeroRetriesThrowTheFirstFailure() async {
    let base = ScriptedRuns(runs: [(["a"], true), (["b"], false)])
    let result = await Self.drain(base.retry(0))
    #expect(result.elements == ["a"])
    #expect(result.error == Failure(run: 0))
    #expect(base.iterations.count.withLock { $0 } == 1)
  }

  @Test func cancellationDuringTheBackoffEndsTheIterationAtOnce() async throws {
    let states = try await withVirtualTime { time in
      let base = ScriptedRuns(runs: [(["a"], true), (["b"], false)])
      let retried = base.retry(1, delay: { _ in .seconds(10) }, clock: time.clock)
      let consumer = Task {
        var iterator = retried.makeAsyncIterator()
        var seen: [String] = []
        while let element = try await iterator.next() { seen.append(element) }
        return seen + ["nil at \(time.now.offset)"]
      }
      await time.advance(by: .seconds(1))  // "a", the failure, the backoff under way
      consumer.cancel()
      let seen = try await consumer.value
      return (seen, base.iterations.count.withLock { $0 })
    }
    #expect(states.0 == ["a", "nil at 1.0 seconds"])
    #expect(states.1 == 1, "the base is not iterated again after the cancellation")
  }
}
