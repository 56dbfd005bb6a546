import Synchronization

/// The integers `1...count`, each read at once, counting the reads: lets a test see how far a
/// buffer has read its base ahead of the consumer.
struct CountedNumbers: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let count: Int
  let reads = ReadCounter()

  func makeAsyncIterator() -> Iterator { Iterator(count: count, reads: reads) }

  struct Iterator: AsyncIteratorProtocol {
    let count: Int
    let reads: ReadCounter
    var position = 0

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      guard position < count else { return nil }
      position += 1
      reads.increment()
      return position
    }

    mutating func next() async -> Int? { await next(isolation: nil) }
  }
}

/// How many elements a ``CountedNumbers`` handed out (or anything else a test counts).
final class ReadCounter: Sendable {
  private let value = Mutex(0)

  /// Counts one more and returns the new count.
  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  var count: Int { value.withLock { $0 } }
}
