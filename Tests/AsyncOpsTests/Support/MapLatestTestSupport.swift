import AsyncOps
import AsyncOpsTesting

/// The transform of `mapLatest:N` (docs/semantics.md): waits `ticks` ticks (1 ms each) on the
/// test clock, then returns its element; with 0 it returns at once.
func delayedTransform(
  _ ticks: Int, clock: TestClock
) -> @Sendable (String) async throws -> String {
  { element in
    if ticks > 0 { try await clock.sleep(for: .milliseconds(ticks)) }
    return element
  }
}

/// An inner sequence for `flatMapLatest` tests: `elements`, one every `every` ticks on the test
/// clock (the first after `every` ticks). Ends (`nil`) when its task is cancelled.
struct TickedElements: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = Never

  let elements: [String]
  let every: Int
  let clock: TestClock

  struct Iterator: AsyncIteratorProtocol {
    let sequence: TickedElements
    var position = 0

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> String? {
      guard position < sequence.elements.count else { return nil }
      do {
        try await sequence.clock.sleep(for: .milliseconds(sequence.every))
      } catch {
        return nil
      }
      defer { position += 1 }
      return sequence.elements[position]
    }

    mutating func next() async -> String? { await next(isolation: nil) }
  }

  func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }
}
