import Synchronization

@testable import AsyncOps

/// The error the ported swift-async-algorithms tests throw from a mapping closure.
struct PortFailure: Error, Equatable {}

/// Throws ``PortFailure`` when `value` is `bad`, else returns it (SAA's `throwOn`).
func throwOn<T: Equatable>(_ bad: T, _ value: T) throws -> T {
  if value == bad { throw PortFailure() }
  return value
}

/// The same element for ever, until the reading task is cancelled (SAA's `Indefinite(...).async`);
/// each read first yields, so a consumer's cancellation can land between reads.
struct Endless<Element: Sendable>: AsyncSequence, Sendable {
  typealias Failure = Never
  let value: Element

  func makeAsyncIterator() -> Iterator { Iterator(value: value) }

  struct Iterator: AsyncIteratorProtocol {
    let value: Element

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
      await Task.yield()
      return Task.isCancelled ? nil : value
    }
  }
}

/// Records what is done to it: iterators made and reads (SAA's `ReportingAsyncSequence`).
final class ReportingElements<Element: Sendable>: AsyncSequence, Sendable {
  typealias Failure = Never
  enum Event: Equatable, Sendable {
    case makeAsyncIterator
    case next
  }

  let elements: [Element]
  private let log = Mutex<[Event]>([])

  init(_ elements: [Element]) {
    self.elements = elements
  }

  var events: [Event] { log.withLock { $0 } }

  func makeAsyncIterator() -> Iterator {
    log.withLock { $0.append(.makeAsyncIterator) }
    return Iterator(source: self)
  }

  struct Iterator: AsyncIteratorProtocol {
    let source: ReportingElements
    var position = 0

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
      source.log.withLock { $0.append(.next) }
      guard position < source.elements.count else { return nil }
      defer { position += 1 }
      return source.elements[position]
    }
  }
}

/// Collects every element of `sequence` and what the calls after its end return.
func collectAll<Sequence: AsyncSequence>(
  _ sequence: Sequence
) async -> (elements: [Sequence.Element], failure: (any Error)?, pastEnd: [Bool]) {
  var iterator = sequence.makeAsyncIterator()
  var elements: [Sequence.Element] = []
  var failure: (any Error)?
  do {
    while let element = try await iterator.next() { elements.append(element) }
  } catch {
    failure = error
  }
  var pastEnd: [Bool] = []
  for _ in 0..<2 {
    let next = try? await iterator.next()
    pastEnd.append(next == nil)
  }
  return (elements, failure, pastEnd)
}
