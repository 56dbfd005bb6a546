/// A base's error as the operator's failure type. The public functions choose `Failure` as the
/// failure type every base shares, or `any Error`, so a base can throw nothing else; `name` names
/// the operator in the message that would say otherwise.
@inlinable
func baseFailure<Failure: Error>(_ error: any Error, operator name: StaticString) -> Failure {
  guard let failure = error as? Failure else {
    preconditionFailure("\(name): a base threw \(type(of: error)), not \(Failure.self)")
  }
  return failure
}
