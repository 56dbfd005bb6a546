/// An asynchronous sequence of the elements of several base sequences, one base after the other;
/// made by `chain(_:)` and by `chain` of 4 to 8 bases, and of 2 or 3 bases that throw different
/// failure types (``AsyncChain2Sequence`` and ``AsyncChain3Sequence`` chain 2 or 3 bases of one
/// failure type).
///
/// ```swift
/// for await chapter in chain(part1, part2, part3, part4) {
///   read(chapter)
/// }
/// ```
///
/// A base is not iterated (its iterator is not even made) before the one before it has finished.
/// A failure of a base ends the chain: it is thrown once, and every later `next()` returns `nil`.
/// There are no tasks: the bases are read by the consumer's own task, so cancelling it cancels the
/// read in progress, and a base after it is not started.
///
/// `Failure` is the failure type shared by every base (`Never` when none can throw), or
/// `any Error` when they differ. It is `Sendable` when every base is.
public struct AsyncChainSequence<Element, Failure: Error, each Base: AsyncSequence>:
  AsyncSequence
{
  /// One link per base, in order, made by the public functions (which state that every base
  /// produces `Element`).
  @usableFromInline let links: [ChainLink<Element, Failure>]

  @inlinable
  init(_ links: [ChainLink<Element, Failure>]) {
    self.links = links
  }

  /// Creates an iterator; it makes each base's iterator when it reaches that base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(links)
  }

  /// Produces the chained elements; see ``AsyncChainSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let links: [ChainLink<Element, Failure>]
    @usableFromInline var machine: ChainStateMachine
    /// The reader of the current base, made when the chain reached it.
    @usableFromInline var reader: (any ChainLinkReader<Element, Failure>)?

    @inlinable
    init(_ links: [ChainLink<Element, Failure>]) {
      self.links = links
      machine = ChainStateMachine(baseCount: links.count)
    }

    /// The next element; `nil` when every base has finished, after a failure, or when the
    /// current base ends because the calling task is cancelled.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while let index = machine.currentBase {
        let current = reader ?? links[index].start()
        reader = current
        do throws(Failure) {
          if let element = try await current.next(isolation: actor) { return element }
        } catch {
          machine.baseFailed()
          reader = nil
          throw error
        }
        reader = nil
        _ = machine.baseFinished(cancelled: Task.isCancelled)
      }
      return nil
    }

    /// The next element; `nil` when iteration has ended.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

// The links capture only the bases (and a failure conversion that captures nothing), so the
// sequence may cross tasks exactly when every base may: each task that iterates it makes its own
// readers from the links.
extension AsyncChainSequence: @unchecked Sendable where repeat each Base: Sendable {}
