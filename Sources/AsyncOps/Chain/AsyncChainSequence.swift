/// An asynchronous sequence of the elements of several base sequences, one base after the other;
/// made by `chain(_:_:)` and its siblings for 1 to 8 bases.
///
/// ```swift
/// for await page in chain(cachedPages, downloadedPages) {
///   show(page)
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
/// `AsyncChain2Sequence` and `AsyncChain3Sequence` (swift-async-algorithms' names) are this type.
public struct AsyncChainSequence<Element, Failure: Error, each Base: AsyncSequence>:
  AsyncSequence
{
  @usableFromInline let bases: (repeat each Base)

  /// Chains `bases`; each must produce `Element` and throw `Failure` or a subtype of it (the
  /// public functions guarantee both; the first is checked when an iterator is made).
  @inlinable
  init(_ bases: repeat each Base) {
    self.bases = (repeat each bases)
  }

  /// Creates an iterator; it makes each base's iterator when it reaches that base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(repeat each bases)
  }

  /// Produces the chained elements; see ``AsyncChainSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let parts: (repeat ChainPart<each Base>)
    @usableFromInline var machine: ChainStateMachine

    @inlinable
    init(_ bases: repeat each Base) {
      var count = 0
      func check<Checked: AsyncSequence>(_: Checked) {
        // The public functions require one element type; `next` relies on it.
        precondition(
          Checked.Element.self == Element.self,
          "chain: a base produces \(Checked.Element.self), not \(Element.self)")
        count += 1
      }
      repeat check(each bases)
      parts = (repeat ChainPart(each bases))
      machine = ChainStateMachine(baseCount: count)
    }

    /// The next element; `nil` when every base has finished, after a failure, or when the
    /// current base ends because the calling task is cancelled.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while let index = machine.currentBase {
        switch await read(index, isolation: actor) {
        case .success(let element?):
          return element
        case .success(nil):
          _ = machine.baseFinished(cancelled: Task.isCancelled)
        case .failure(let error):
          machine.baseFailed()
          guard let failure = error as? Failure else {
            preconditionFailure("chain: a base threw \(type(of: error)), not \(Failure.self)")
          }
          throw failure
        }
      }
      return nil
    }

    /// The next element; `nil` when iteration has ended.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    /// Reads the base at `index`.
    @inlinable
    func read(
      _ index: Int, isolation actor: isolated (any Actor)?
    ) async -> Result<Element?, any Error> {
      var position = 0
      var outcome: Result<Element?, any Error> = .success(nil)
      for part in repeat each parts {
        if position == index {
          switch await part.next(isolation: actor) {
          case .success(let element):
            // The initialiser checked that every base produces `Element`.
            outcome = .success(element.map { unsafeBitCast($0, to: Element.self) })
          case .failure(let error):
            outcome = .failure(error)
          }
        }
        position += 1
      }
      return outcome
    }
  }
}

extension AsyncChainSequence: Sendable where repeat each Base: Sendable {}
