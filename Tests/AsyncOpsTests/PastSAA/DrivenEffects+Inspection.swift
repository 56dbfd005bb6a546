@testable import AsyncOps

/// What the state-machine tests of the driven operators read from an effect: plain values that
/// compare with `==`.
extension DrivenEffects where Consumer == String, Waiter == String {
  /// The consumer resumed and its outcome, as "consumer: outcome"; a failure as
  /// "consumer: failure" (its value stays in the machine: ``DrivenStateMachine/resumedConsumer(_:)``).
  var resumedConsumer: String? {
    guard let (consumer, delivery) = consumer else { return nil }
    switch delivery {
    case .element(let element?): return "\(consumer): \(element)"
    case .element(nil): return "\(consumer): end"
    case .failure: return "\(consumer): failure"
    }
  }

  /// The reader resumed, as "reader: read" or "reader: stop".
  var resumedReader: String? {
    reader.map { "\($0.0): \($0.1 ? "read" : "stop")" }
  }

  /// The timer resumed, as "timer: ask" or "timer: stop".
  var resumedTimer: String? {
    timer.map { "\($0.0): \($0.1 ? "ask" : "stop")" }
  }
}

extension DrivenStateMachine where Consumer == String, Waiter == String {
  /// `effects.resumedConsumer`, a failure with its value, which the machine holds until the
  /// storage delivers it: "consumer: failure of base".
  func resumedConsumer(_ effects: DrivenEffects<Element, Failure, Consumer, Waiter>) -> String? {
    guard case (let consumer, .failure)? = effects.consumer else { return effects.resumedConsumer }
    return "\(consumer): \(core.undeliveredFailure.map { "\($0)" } ?? "failure, but none is held")"
  }
}

extension SingleConsumerNextAction {
  /// Whether this is `.deliver` of an element or the end (not a failure), with that value.
  var deliveredValue: Element?? {
    guard case .deliver(.success(let value)) = self else { return nil }
    return .some(value)
  }

  var isStart: Bool {
    if case .startUpstream = self { return true }
    return false
  }

  var isSuspend: Bool {
    if case .suspend = self { return true }
    return false
  }

  /// Whether this is `.deliver` of the end (`nil`).
  var isEnd: Bool {
    if case .deliver(.success(nil)) = self { return true }
    return false
  }

  var isFailure: Bool {
    if case .deliver(.failure) = self { return true }
    return false
  }
}
