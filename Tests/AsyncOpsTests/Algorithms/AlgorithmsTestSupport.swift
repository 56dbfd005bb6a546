import AsyncOps
import Synchronization

/// The error the algorithm tests throw.
struct AlgorithmFailure: Error, Equatable {}

/// `value`, or ``AlgorithmFailure`` when it equals `bad`: a `map` that fails at a chosen element.
func failing<T: Equatable>(at bad: T, _ value: T) throws -> T {
  if value == bad { throw AlgorithmFailure() }
  return value
}

/// The same element for ever: a base that only cancellation can end.
struct EndlessElements<Element: Sendable>: Sequence, IteratorProtocol, Sendable {
  let value: Element
  func next() -> Element? { value }
}

/// A base that breaks the rule our operators keep: it throws ``AlgorithmFailure`` at `failAt`
/// and then goes on producing elements. An operator over it must still return `nil` after it has
/// thrown, by its own state, not by its base's.
struct ThrowsThenContinues<Element: Sendable>: AsyncSequence, Sendable {
  typealias Failure = any Error
  let elements: [Element]
  let failAt: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    let elements: [Element]
    let failAt: Int
    var index = 0

    mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
      defer { index += 1 }
      if index == failAt { throw AlgorithmFailure() }
      return elements[index % elements.count]
    }

    mutating func next() async throws -> Element? { try await next(isolation: nil) }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(elements: elements, failAt: failAt) }
}

/// A `Sequence` that records how it is iterated (swift-async-algorithms' `ReportingSequence`,
/// written anew).
final class RecordingSequence<Element: Sendable>: Sequence, Sendable {
  enum Event: Equatable, Sendable { case makeIterator, next }

  private let elements: [Element]
  private let log = Mutex<[Event]>([])

  init(_ elements: [Element]) { self.elements = elements }

  var events: [Event] { log.withLock { $0 } }

  struct Iterator: IteratorProtocol {
    let owner: RecordingSequence
    var index = 0

    mutating func next() -> Element? {
      owner.log.withLock { $0.append(.next) }
      guard index < owner.elements.count else { return nil }
      defer { index += 1 }
      return owner.elements[index]
    }
  }

  func makeIterator() -> Iterator {
    log.withLock { $0.append(.makeIterator) }
    return Iterator(owner: self)
  }
}

/// Iterates `sequence` in a task until it has produced `count` elements, then cancels the task
/// and returns how many elements the loop took in all once it ended. A sequence that does not
/// end on cancellation hangs here, which the suites' time limit turns into a failure.
func elementsTakenUntilCancelled<S: AsyncSequence & Sendable>(
  _ sequence: S, cancelAfter count: Int = 1
) async -> Int where S.Element: Sendable {
  let (started, signal) = AsyncStream.makeStream(of: Void.self)
  let task = Task {
    var taken = 0
    do {
      for try await _ in sequence {
        taken += 1
        if taken == count { signal.yield() }
        // An endless base never suspends: yield, or two such loops on a two-core machine hold
        // the whole cooperative pool and the task that would cancel them never runs.
        await Task.yield()
      }
    } catch {}
    return taken
  }
  var waiter = started.makeAsyncIterator()
  await waiter.next()
  task.cancel()
  return await task.value
}
