/// The elements of two asynchronous sequences of one element type, the first's then the second's; made by `chain(_:_:)` (swift-async-algorithms' name).
///
/// ```swift
/// let lines: AsyncChain2Sequence<AsyncStream<String>, AsyncStream<String>> = chain(head, tail)
/// for await line in lines { print(line) }
/// ```
///
/// The second base is not iterated (its iterator is not even made) before the first has finished,
/// and not at all if the consumer's task is cancelled by then. A failure ends the chain: it is
/// thrown once, and every later `next()` returns `nil`. There is no task and no lock: the consumer's
/// own task reads the first base until it ends, then the second, so over bases that do not suspend
/// the chain is a plain loop.
///
/// `Failure` is the first base's failure type, as swift-async-algorithms' type has under Swift 6:
/// `Never` when `Base1` cannot throw, so `for await` needs no `try`, and a typed failure stays
/// typed. The iterator's `next()` rethrows, as there: it throws when either base can throw and
/// delivers either base's error. `for await` reads `next(isolation:)`, which throws `Base1.Failure`
/// only; an error of the second base that this type cannot hold stops the program there, as in
/// swift-async-algorithms. Put the base that throws first, or name the `any Error` form,
/// `AsyncChainSequence<Base1.Element, any Error, Base1, Base2>`.
public struct AsyncChain2Sequence<Base1: AsyncSequence, Base2: AsyncSequence>: AsyncSequence
where Base1.Element == Base2.Element {
  /// The bases' element type.
  public typealias Element = Base1.Element
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  @usableFromInline let base1: Base1
  @usableFromInline let base2: Base2

  @inlinable
  init(_ base1: Base1, _ base2: Base2) {
    self.base1 = base1
    self.base2 = base2
  }

  /// Creates an iterator; it makes the first base's iterator now, the second's at its turn.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base1.makeAsyncIterator(), base2)
  }

  /// Produces the first base's elements, then the second's; see ``AsyncChain2Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// The first base's failure type (what `next(isolation:)` throws).
    public typealias Failure = Base1.Failure

    /// The first base's iterator while it is read; `nil` once it has ended.
    @usableFromInline var first: Base1.AsyncIterator?
    /// The second base until its turn comes; `nil` once it has started or the chain has ended.
    @usableFromInline var waiting: Base2?
    /// The second base's iterator while it is read; `nil` before its turn and after its end.
    @usableFromInline var second: Base2.AsyncIterator?

    @inlinable
    init(_ first: Base1.AsyncIterator, _ waiting: Base2) {
      self.first = first
      self.waiting = waiting
    }

    /// Ends the chain: every later `next()` returns `nil`.
    @inlinable
    mutating func end() {
      first = nil
      waiting = nil
      second = nil
    }

    /// Moves from the first base, which has ended, to the second; `false` when the chain ends
    /// instead (the calling task is cancelled at the second base's turn).
    @inlinable
    mutating func startSecond() -> Bool {
      first = nil
      guard let base = waiting, !Task.isCancelled else {
        waiting = nil
        return false
      }
      waiting = nil
      second = base.makeAsyncIterator()
      return true
    }

    /// The next element; `nil` when both bases have finished, after a failure, or when the first
    /// base ends while the calling task is cancelled. This is the path `for await` takes: it
    /// throws the first base's failure type only, and an error of the second base that this type
    /// cannot hold stops the program with a message that names the remedy.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      if first != nil {
        do throws(Base1.Failure) {
          if let element = try await first!.next(isolation: actor) { return element }
        } catch {
          end()
          throw error
        }
        guard startSecond() else { return nil }
      }
      guard second != nil else { return nil }
      do {
        if let element = try await second!.next(isolation: actor) { return element }
      } catch {
        end()
        throw firstBaseFailure(
          error, operator: "chain", anyErrorForm: "AsyncChainSequence<Element, any Error, A, B>")
      }
      second = nil
      return nil
    }

    /// The next element; `nil` when iteration has ended. It throws when either base can throw,
    /// and throws either base's error (its `rethrows` follows the bases' `AsyncSequence`
    /// conformances, as in swift-async-algorithms).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      if first != nil {
        do {
          if let element = try await first!.next() { return element }
        } catch {
          end()
          throw error
        }
        guard startSecond() else { return nil }
      }
      guard second != nil else { return nil }
      do {
        if let element = try await second!.next() { return element }
      } catch {
        end()
        throw error
      }
      second = nil
      return nil
    }
  }
}

extension AsyncChain2Sequence: Sendable where Base1: Sendable, Base2: Sendable {}
