/// Carries a non-Sendable value (a subscriber, a closure) into or out of a `Mutex`.
///
/// The push engine follows Combine's contract, not Swift's checker: subscribers and closures are
/// not required to be `Sendable`, yet subjects and subscriptions keep them in a `Mutex` so that
/// their own bookkeeping is race-free. Wrapping is safe because a wrapped value is only stored,
/// moved and read under its owner's lock and is *called* outside it, serially, as Combine requires
/// of every publisher ("calls to a subscriber are serialised").
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline var value: Value

  @inlinable init(_ value: Value) {
    self.value = value
  }
}
