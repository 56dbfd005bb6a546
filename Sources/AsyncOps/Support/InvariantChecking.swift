/// A state machine whose invariants are code, not only prose: ``checkInvariants()`` asserts each
/// one. The machine (or the storage that holds it, for the fan-in operators) calls it after every
/// transition, and the state-machine tests call it after every step. The checks are `assert`s, so
/// they run in debug builds and tests and cost nothing in release builds.
@usableFromInline
protocol InvariantChecking {
  /// Asserts the machine's invariants (a no-op in release builds).
  func checkInvariants()
}
