/// The continuation types a ``DrivenStorage`` resumes, named once for the operators' sequences.
@usableFromInline
enum DrivenIteration<Element, Failure: Error> {
  /// A consumer suspended in `next()`.
  @usableFromInline typealias Consumer = UnsafeContinuation<Result<Element?, Failure>, Never>
  /// A parked reader or timer.
  @usableFromInline typealias Waiter = UnsafeContinuation<Bool, Never>
}
