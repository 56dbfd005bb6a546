/// One base of an ``AsyncChainSequence``, seen through the chain's own element and failure types:
/// the public `chain` functions, which know that every base produces `Element`, make one per base,
/// so the variadic core needs no element check and no cast.
@usableFromInline
struct ChainLink<Element, Failure: Error> {
  /// Makes the reader of this base when the chain reaches it (the base is not touched before).
  @usableFromInline let start: () -> any ChainLinkReader<Element, Failure>

  /// A base that throws the chain's failure type.
  @inlinable
  init<Base: AsyncSequence>(_ base: Base)
  where Base.Element == Element, Base.Failure == Failure {
    start = { ChainBaseReader(base.makeAsyncIterator()) { $0 } }
  }

  /// A base of a chain that throws `any Error`.
  @inlinable
  init<Base: AsyncSequence>(_ base: Base) where Base.Element == Element, Failure == any Error {
    start = { ChainBaseReader(base.makeAsyncIterator()) { $0 } }
  }
}

/// Reads one base of a chain, in place (a class, so that the chain's iterator can hold the
/// readers of bases of different types in one array).
@usableFromInline
protocol ChainLinkReader<Element, Failure>: AnyObject {
  associatedtype Element
  associatedtype Failure: Error

  /// The base's next element, `nil` at its end; its failure as the chain's failure.
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element?
}

/// The reader of a base of type `Base` in a chain that throws `Failure`.
@usableFromInline
final class ChainBaseReader<Base: AsyncIteratorProtocol, Failure: Error>: ChainLinkReader {
  @usableFromInline var iterator: Base
  /// The base's failure as the chain's (the identity, or the conversion to `any Error`).
  @usableFromInline let widen: (Base.Failure) -> Failure

  @inlinable
  init(_ iterator: Base, widen: @escaping (Base.Failure) -> Failure) {
    self.iterator = iterator
    self.widen = widen
  }

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Base.Element? {
    do {
      return try await iterator.next(isolation: actor)
    } catch {
      throw widen(error)
    }
  }
}
