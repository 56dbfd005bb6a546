/// An outcome whose failure a `rethrows` function may pass on: the protocol is `@rethrows`, so a
/// call of ``rethrowingValue()`` counts as rethrowing, and a function that rethrows because of its
/// type's `AsyncSequence` conformances (the iterators of swift-async-algorithms' 2- and 3-base type
/// names) can deliver an error it caught from a throwing call. Swift has no spelling for "throws
/// exactly when one of these conformances throws" other than `rethrows`, and a `rethrows` body may
/// throw only through a rethrowing call; this is that call.
@rethrows
@usableFromInline
protocol RethrowingOutcome {
  /// The value of a success.
  associatedtype Value
  /// The value, or the failure thrown.
  func value() throws -> Value
}

extension RethrowingOutcome {
  /// ``value()``, as a call a `rethrows` function may make.
  @inlinable
  func rethrowingValue() rethrows -> Value {
    try value()
  }
}

/// A value or an error of any type, read through ``RethrowingOutcome``.
@usableFromInline
struct UntypedOutcome<Value>: RethrowingOutcome {
  @usableFromInline let result: Result<Value, any Error>

  @inlinable
  init(_ result: Result<Value, any Error>) {
    self.result = result
  }

  @inlinable
  func value() throws -> Value {
    try result.get()
  }
}

/// A base's error as the failure type of the first base, which the 2- and 3-base type names of
/// swift-async-algorithms throw from `next(isolation:)` (the path `for await` takes). An error that
/// type cannot hold ends the program, as swift-async-algorithms' `next(isolation:)` would, with a
/// message that says what to do instead.
@inlinable
func firstBaseFailure<Failure: Error>(
  _ error: any Error, operator name: StaticString, anyErrorForm: StaticString
) -> Failure {
  guard let failure = error as? Failure else {
    preconditionFailure(
      """
      \(name): a base threw \(type(of: error)) (\(error)), which the first base's failure type \
      \(Failure.self) cannot hold, so `for await` and `next(isolation:)` cannot deliver it (as in \
      swift-async-algorithms). Put the base that throws first, name the `any Error` form \
      (\(anyErrorForm)), or read the iterator's `next()`, which rethrows any base's error.
      """)
  }
  return failure
}

extension AsyncIteratorProtocol where Failure == any Error {
  /// The next element or the error, caught: what the `rethrows` `next()` of a 2- or 3-base type
  /// name passes on with `try await core.nextOutcome().rethrowingValue()`.
  @inlinable
  mutating func nextOutcome() async -> UntypedOutcome<Element?> {
    do {
      return UntypedOutcome(.success(try await next(isolation: nil)))
    } catch {
      return UntypedOutcome(.failure(error))
    }
  }

  /// The next element, with an error as the first base's failure type (``firstBaseFailure(_:operator:anyErrorForm:)``):
  /// the typed `next(isolation:)` of a 2- or 3-base type name.
  @inlinable
  mutating func next<FirstFailure: Error>(
    isolation actor: isolated (any Actor)?, failingAs _: FirstFailure.Type,
    operator name: StaticString, anyErrorForm: StaticString
  ) async throws(FirstFailure) -> Element? {
    do {
      return try await next(isolation: actor)
    } catch {
      throw firstBaseFailure(error, operator: name, anyErrorForm: anyErrorForm)
    }
  }
}
