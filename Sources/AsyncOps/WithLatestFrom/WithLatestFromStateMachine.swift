/// The logic of ``AsyncWithLatestFromSequence``, as a pure value.
///
/// WithLatestFrom rule 1: the other base is read continuously; only its latest element is kept.
/// WithLatestFrom rule 2: each element of the base is paired, when it arrives, with that latest element, or
/// dropped when there is none yet. WithLatestFrom rule 4: the end of the base ends the sequence (after the pair
/// the consumer has not taken); the end of the other base only freezes its latest element; a
/// failure of either ends the sequence at once (a pair not taken is dropped) and stops both
/// reads. The base is read one element ahead at most (lossless).
@usableFromInline
struct WithLatestFromStateMachine<
  BaseElement, OtherElement, Failure: Error, Instant: InstantProtocol, Consumer, Waiter
>: DrivenStateMachine {
  @usableFromInline typealias Element = (BaseElement, OtherElement)
  @usableFromInline typealias Core = DrivenCore<Element, Failure, Consumer, Waiter>
  @usableFromInline typealias Effects = Core.Effects

  @usableFromInline static var operatorName: StaticString { "withLatestFrom" }

  @usableFromInline var core = Core()
  /// The other base's latest element.
  @usableFromInline var latest: OtherElement?

  @inlinable
  init() {}

  @inlinable
  mutating func cancelled() -> Effects {
    latest = nil
    return core.cancelled()
  }

  @inlinable
  mutating func baseProduced(_ element: BaseElement, at now: @autoclosure () -> Instant) -> (
    DrivenReadAction, Effects
  ) {
    var effects = Effects()
    guard core.isLive else { return (.stop, effects) }
    // WithLatestFrom rule 2: nothing to pair with yet: the element is dropped.
    guard let latest else { return (.read, effects) }
    core.emit((element, latest), into: &effects)
    return (core.readAction, effects)
  }

  @inlinable
  mutating func baseEnded(_ failure: Failure?, at now: Instant) -> Effects {
    var effects = Effects()
    if let failure {
      core.end(.failed(failure), dropsReady: true, into: &effects)
    } else {
      core.end(.finished, into: &effects)
    }
    latest = nil
    return effects
  }

  @inlinable
  mutating func otherProduced(_ element: OtherElement) -> (DrivenReadAction, Effects) {
    guard core.isLive else { return (.stop, Effects()) }
    latest = element
    return (.read, Effects())
  }

  /// WithLatestFrom rule 4: a finish freezes the latest element; a failure ends the sequence.
  @inlinable
  mutating func otherEnded(_ failure: (any Error)?) -> Effects {
    var effects = Effects()
    guard let failure else { return effects }
    core.end(
      .failed(baseFailure(failure, operator: Self.operatorName)), dropsReady: true,
      into: &effects)
    latest = nil
    return effects
  }
}
