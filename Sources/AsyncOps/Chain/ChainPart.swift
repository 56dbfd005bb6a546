/// One base of a `chain` iterator, with its iterator once the chain has reached it.
///
/// A class, so that the chain's iterator can reach the part of any index through its parameter
/// pack and advance that part's iterator in place. Not `Sendable`: like the base iterators it
/// holds, it belongs to the chain's iterator (and its copies, which share it).
@usableFromInline
final class ChainPart<Base: AsyncSequence> {
  @usableFromInline let base: Base
  /// Made when the chain reaches this base, not before: a base is not touched until then.
  @usableFromInline var iterator: Base.AsyncIterator?

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  /// The base's next element, `nil` at its end, or its failure.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Result<Base.Element?, Base.Failure> {
    var current = iterator ?? base.makeAsyncIterator()
    defer { iterator = current }
    do {
      return .success(try await current.next(isolation: actor))
    } catch {
      return .failure(error)
    }
  }
}
