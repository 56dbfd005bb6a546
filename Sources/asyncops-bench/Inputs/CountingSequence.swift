/// `0..<count` as a synchronous `AsyncSequence` (the stdlib has no `.async`): `next` never
/// suspends, so a case measures the operator, not its input. Defined in this module, so the
/// operators' `@inlinable` code is specialised for it.
struct CountingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  /// How many values, `0..<count`.
  let count: Int

  func makeAsyncIterator() -> Iterator {
    Iterator(next: 0, end: count)
  }

  /// Yields `0`, `1`, ... `count - 1`, then `nil`.
  struct Iterator: AsyncIteratorProtocol {
    var next: Int
    let end: Int

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      guard next < end else { return nil }
      defer { next &+= 1 }
      return next
    }

    mutating func next() async -> Int? {
      await next(isolation: nil)
    }
  }
}
