import AsyncOps
import AsyncOpsTesting
import Synchronization

/// The elements of a synchronous collection as a non-throwing `AsyncSequence` that never
/// suspends: the shape of a burst.
struct SynchronousElements<Base: Sequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  typealias Element = Base.Element
  typealias Failure = Never

  let base: Base

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.Iterator

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
      base.next()
    }

    mutating func next() async -> Element? { base.next() }
  }

  func makeAsyncIterator() -> Iterator { Iterator(base: base.makeIterator()) }
}

extension Sequence where Self: Sendable, Element: Sendable {
  /// This collection's elements as an `AsyncSequence` that never suspends.
  var asyncElements: SynchronousElements<Self> { SynchronousElements(base: self) }
}

/// Every element of `sequence`, in order.
func collectElements<S: AsyncSequence>(_ sequence: S) async throws(S.Failure) -> [S.Element] {
  var elements: [S.Element] = []
  var iterator = sequence.makeAsyncIterator()
  while let element = try await iterator.next(isolation: nil) {
    elements.append(element)
  }
  return elements
}

/// A thread-safe list of what happened, and when, that tasks inside a test append to.
final class EventLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}

extension TestClock {
  /// The clock's time in whole milliseconds since its origin.
  var milliseconds: Int64 {
    now.offset.components.seconds * 1000 + now.offset.components.attoseconds / 1_000_000_000_000_000
  }
}
