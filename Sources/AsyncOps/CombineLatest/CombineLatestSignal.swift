/// What the consumer of a `combineLatest` is resumed with.
///
/// It carries no element, so it (and the continuation, state machine and lock state built on it)
/// is one concrete type for every arity and element type: the readers' per-element path, which
/// runs in code the compiler cannot specialise for a parameter pack, then needs no generic type
/// metadata at run time. The consumer builds the tuple itself, in specialised code.
@usableFromInline
enum CombineLatestSignal: Sendable {
  /// A reader made its element the latest of its base: the tuple is every base's latest value.
  case tuple
  /// Iteration has ended.
  case end
  /// A base failed (`any Error` is the failing base's own error, checked against `Failure` by the
  /// consumer).
  case failure(any Error)
}
