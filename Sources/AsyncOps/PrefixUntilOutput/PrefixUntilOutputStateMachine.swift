/// The logic of ``AsyncPrefixUntilOutputSequence``, as a pure value.
///
/// PrefixUntilOutput rule 1: the base's elements pass until the other base produces its first
/// element; then the sequence finishes (after an element that arrived before and that the
/// consumer has not taken) and both reads stop. PrefixUntil rule 2: the other base finishing or failing
/// without an element changes nothing; a failure of the base is delivered after the elements
/// before it. The base is read one element ahead at most (lossless).
@usableFromInline
struct PrefixUntilOutputStateMachine<
  Element, OtherElement, Failure: Error, Instant: InstantProtocol, Consumer, Waiter
>: DrivenStateMachine {
  @usableFromInline typealias Core = DrivenCore<Element, Failure, Consumer, Waiter>
  @usableFromInline typealias Effects = Core.Effects
  @usableFromInline typealias BaseElement = Element

  @usableFromInline static var operatorName: StaticString { "prefix(untilOutputFrom:)" }

  @usableFromInline var core = Core()

  @inlinable
  init() {}

  /// PrefixUntilOutput rule 1: the first element of the other base finishes the sequence.
  @inlinable
  mutating func otherProduced(_ element: OtherElement) -> (DrivenReadAction, Effects) {
    var effects = Effects()
    core.end(.finished, into: &effects)
    return (.stop, effects)
  }

  /// PrefixUntilOutput rule 2: the other base ending without an element changes nothing.
  @inlinable
  mutating func otherEnded(_ failure: (any Error)?) -> Effects { Effects() }
}
