import AsyncOpsTesting
import Synchronization

@testable import AsyncOps

/// `combineLatest` of 2, 3, 4, 5 or 6 string sources, each tuple rendered by concatenating its
/// parts; one type for every arity, so that one test can run the same rule at each arity. The
/// 2-, 3- and 4-source forms go through the fixed-arity functions, 5 and 6 through the variadic
/// one.
struct CombinedSources: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = any Error

  let sources: [AsyncTestSource<String>]

  init(_ sources: [AsyncTestSource<String>]) {
    precondition((2...6).contains(sources.count), "2 to 6 sources")
    self.sources = sources
  }

  func makeAsyncIterator() -> Iterator {
    let s = sources
    switch s.count {
    case 2: return Iterator(combineLatest(s[0], s[1]))
    case 3: return Iterator(combineLatest(s[0], s[1], s[2]))
    case 4: return Iterator(combineLatest(s[0], s[1], s[2], s[3]))
    case 5:
      // Bound first: inferring an empty trailing pack through the generic init fails (Swift 6.3).
      let five = combineLatest(s[0], s[1], s[2], s[3], s[4])
      return Iterator(five)
    default: return Iterator(combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]))
    }
  }

  /// Erases the combination's iterator.
  struct Iterator: AsyncIteratorProtocol {
    let box: any RenderingIterator

    init<Failure: Error, each Base: AsyncSequence & Sendable>(
      _ combination: AsyncCombineLatestSequence<Failure, repeat each Base>
    ) where repeat (each Base).Element: Sendable {
      box = RenderingIteratorBox(combination.makeAsyncIterator())
    }

    mutating func next() async throws -> String? {
      try await box.nextRendered()
    }
  }
}

/// An iterator of tuples that renders each tuple as a string.
protocol RenderingIterator: AnyObject {
  func nextRendered() async throws -> String?
}

/// Holds one `combineLatest` iterator behind ``RenderingIterator``.
final class RenderingIteratorBox<Failure: Error, each Base: AsyncSequence & Sendable>:
  RenderingIterator
where repeat (each Base).Element: Sendable {
  var iterator: AsyncCombineLatestSequence<Failure, repeat each Base>.Iterator

  init(_ iterator: AsyncCombineLatestSequence<Failure, repeat each Base>.Iterator) {
    self.iterator = iterator
  }

  /// The next tuple, its parts concatenated. (Rendering here rather than in a generic function
  /// taking `(repeat each Part)`: passing the tuple to one crashes SILGen in Swift 6.3.1.)
  func nextRendered() async throws -> String? {
    guard let tuple = try await iterator.next(isolation: nil) else { return nil }
    var text = ""
    for part in repeat each tuple { text += "\(part)" }
    return text
  }
}

/// What a marble run of ``CombinedSources`` produced, and how often each source was cancelled.
struct CombinedMarbleRun: Sendable {
  var output: String
  var cancellations: [Int]
}

/// Runs ``CombinedSources`` on marble inputs and reports the output and each source's
/// `cancellationCount` at the end.
func runCombinedMarbles(_ inputs: [String]) async throws -> CombinedMarbleRun {
  let captured = Mutex<[AsyncTestSource<String>]>([])
  let output = try await recordMarbles(inputs) { sources, _ in
    captured.withLock { $0 = sources }
    return CombinedSources(sources)
  }[0]
  let cancellations = captured.withLock { $0.map(\.cancellationCount) }
  return CombinedMarbleRun(output: output.description, cancellations: cancellations)
}

/// A base that counts how many elements have been read from it, to observe backpressure.
struct ReadCountingSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  typealias Element = Base.Element
  typealias Failure = Base.Failure

  let base: Base
  let readCount = CombineLatestCounter()

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), readCount: readCount)
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let readCount: CombineLatestCounter

    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base.Failure) -> Element? {
      let element = try await base.next(isolation: actor)
      if element != nil { readCount.increment() }
      return element
    }

    mutating func next() async throws(Base.Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

/// A thread-safe counter.
final class CombineLatestCounter: Sendable {
  private let count = Mutex(0)

  func increment() { count.withLock { $0 += 1 } }

  var value: Int { count.withLock { $0 } }
}

/// A thread-safe list that tasks inside a test append to.
final class CombineLatestLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }

  var values: [Value] { storage.withLock { $0 } }
}

/// Whether `sequence` fails with exactly `failure`, to check what a `combineLatest` overload chose.
func fails<Sequence: AsyncSequence, Failure>(
  _ sequence: Sequence, with failure: Failure.Type
) -> Bool {
  ObjectIdentifier(Sequence.Failure.self) == ObjectIdentifier(failure)
}
