import Synchronization

extension Publishers {
  /// A publisher that drops a value when it matches the previous value received.
  ///
  /// As in Combine, each value is compared with the previous value *received* (dropped or not);
  /// for an equivalence relation such as `==` that is the same as the previous value emitted.
  ///
  /// ```swift
  /// let distinct = Publishers.RemoveDuplicates(upstream: text) { $0 == $1 }
  /// ```
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose repeated values are dropped.
    public let upstream: Upstream
    /// Whether the second value repeats the first (and is dropped).
    public let predicate: (Output, Output) -> Bool

    /// Creates a publisher that drops each of `upstream`'s values for which
    /// `predicate(previous, value)` is true.
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Attaches `subscriber` through the comparison, which remembers the previous value
    /// received; a dropped value is replaced by a request for one more.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      let previous = Mutex<UncheckedSendable<Output>?>(nil)
      let passes = { (input: Output) -> Bool in
        let boxed = UncheckedSendable(input)
        let last = previous.withLock { previous in
          defer { previous = boxed }
          return previous
        }
        guard let last else { return true }
        return !predicate(last.value, input)
      }
      upstream.subscribe(DroppingSubscription(downstream: subscriber, passes: passes))
    }
  }
}

extension Publisher {
  /// Drops a value when `predicate(previous, value)` says it repeats the previous value
  /// received.
  ///
  /// ```swift
  /// brews.removeDuplicates { $0.id == $1.id }
  /// ```
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publisher where Output: Equatable {
  /// Drops a value equal to the previous value.
  ///
  /// ```swift
  /// searchText.debounce(for: .milliseconds(300), scheduler: scheduler).removeDuplicates()
  /// ```
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}
