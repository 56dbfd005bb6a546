import AsyncOps
import Synchronization
import TestSupport

/// A thread-safe list that the consumers of a `share` test append to.
final class ShareLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}

/// The stress tests' seeded generator (the shared SplitMix64), so a "random" stress test is the
/// same every run.
typealias ShareSeededRandom = SeededRandom

/// Starts a task that iterates `sequence` (registering when the task runs) and logs each element
/// by its description, then `"|"` at the end or `"^"` at a failure.
func startLoggingConsumer<Shared: AsyncSequence & Sendable>(
  of sequence: Shared, into log: ShareLog<String>
) -> Task<Void, Never> where Shared.Element: Sendable {
  Task {
    do {
      for try await element in sequence { log.append("\(element)") }
      log.append("|")
    } catch {
      log.append("^")
    }
  }
}

/// Reads `iterator` to its end, logging like ``startLoggingConsumer(of:into:)``.
func drain<Base>(
  _ iterator: inout AsyncShareSequence<Base>.Iterator
) async -> [String] {
  var events: [String] = []
  do {
    while let element = try await iterator.next() { events.append("\(element)") }
    events.append("|")
  } catch {
    events.append("^")
  }
  return events
}
