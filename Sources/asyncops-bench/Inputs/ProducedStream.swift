/// `0..<count` through an unbounded `AsyncStream`; each iterator starts its own producer task,
/// which yields one element, then suspends (`Task.yield()`), then yields the next.
struct ProducedStream: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  /// How many values, `0..<count`.
  let count: Int

  func makeAsyncIterator() -> Iterator {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    Task { [count] in
      for value in 0..<count {
        // A terminated stream (its reader is gone) stops the producer.
        if case .terminated = continuation.yield(value) { return }
        await Task.yield()
      }
      continuation.finish()
    }
    return Iterator(stream: stream.makeAsyncIterator())
  }

  /// Reads the stream.
  struct Iterator: AsyncIteratorProtocol {
    var stream: AsyncStream<Int>.Iterator

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      await stream.next(isolation: actor)
    }

    mutating func next() async -> Int? {
      await next(isolation: nil)
    }
  }
}
