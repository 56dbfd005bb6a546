/// A hand-driven `AsyncSequence` that cannot fail (`Failure` is `Never`): the input of a
/// pipeline typed `some AsyncSequence<Element, Never>`, which an ``AsyncTestSource`` (it may
/// throw) cannot feed.
///
/// It behaves as ``AsyncTestSource`` does — every event is kept and each iterator reads them all
/// from the first; a cancelled consumer ends (`nil`) and is counted — except that it has no
/// `fail()`.
///
/// ```swift
/// let query = AsyncNonThrowingTestSource<String>(name: "query")
/// query.send("sa")
/// query.finish()
/// for await text in query { print(text) }   // "sa" (no `try`)
/// ```
///
/// `expectMarbles(_:_:values:tick:render:sourceLocation:_:)` makes one per input marble.
public final class AsyncNonThrowingTestSource<Element: Sendable>: AsyncSequence, Sendable {
  /// It cannot fail.
  public typealias Failure = Never

  /// The events, kept by a source that is never failed.
  private let events: AsyncTestSource<Element>

  /// The name used in messages.
  public var name: String { events.name }

  /// Creates a source with no events yet.
  public init(name: String = "") {
    events = AsyncTestSource(name: name)
  }

  /// Appends an element and wakes every waiting iterator. Ignored after `finish()`.
  public func send(_ element: Element) {
    events.send(element)
  }

  /// Ends the sequence: iterators return `nil` once they have read every element.
  public func finish() {
    events.finish()
  }

  /// How many reads ended because the reading task was cancelled (see
  /// ``AsyncTestSource/cancellationCount``).
  public var cancellationCount: Int { events.cancellationCount }

  /// How many iterators exist and have not ended (see ``AsyncTestSource/liveIteratorCount``).
  public var liveIteratorCount: Int { events.liveIteratorCount }

  /// Creates an iterator that reads every event from the first.
  ///
  /// ```swift
  /// var iterator = query.makeAsyncIterator()
  /// ```
  public func makeAsyncIterator() -> Iterator {
    Iterator(events: events.makeAsyncIterator())
  }

  /// Reads the source's events in order, waiting for new ones.
  ///
  /// ```swift
  /// while let text = await iterator.next() { print(text) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    var events: AsyncTestSource<Element>.Iterator

    /// The next element; `nil` at the finish, or once the calling task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      do {
        return try await events.next(isolation: actor)
      } catch {
        // `fail()` is never called on `events`: it has no failure to throw.
        preconditionFailure("AsyncNonThrowingTestSource: a source that cannot fail failed")
      }
    }

    /// The next element; `nil` at the finish or when the waiting task is cancelled.
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}
