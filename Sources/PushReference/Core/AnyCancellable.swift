import Synchronization

/// A cancellable that cancels when it is deallocated: the token `sink` returns.
///
/// Keep it for as long as the subscription should live — usually in a `Set<AnyCancellable>`
/// with ``store(in:)-(Set<AnyCancellable>)`` — and drop it (or call ``cancel()``) to stop.
///
/// ```swift
/// var cancellables: Set<AnyCancellable> = []
/// subject.sink { print($0) }.store(in: &cancellables)
/// cancellables.removeAll()   // cancels the sink
/// ```
///
/// The cancel action runs at most once, on the thread that cancels or releases the token.
public final class AnyCancellable: Cancellable, Hashable, Sendable {
  /// Taken out exactly once under the lock, so two threads can never both run it.
  private let cancelAction: Mutex<UncheckedSendable<(() -> Void)?>>

  /// Creates a token that runs `cancel` when cancelled or deallocated.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("cancelled") }
  /// ```
  public init(_ cancel: @escaping () -> Void) {
    cancelAction = Mutex(UncheckedSendable(cancel))
  }

  /// Creates a token that cancels `canceller` when cancelled or deallocated.
  ///
  /// ```swift
  /// let token = AnyCancellable(subscription)
  /// ```
  public convenience init<C: Cancellable>(_ canceller: C) {
    self.init { canceller.cancel() }
  }

  deinit {
    cancel()
  }

  /// Runs the cancel action, once.
  public func cancel() {
    let action = cancelAction.withLock { action in
      let taken = action
      action.value = nil
      return taken
    }
    action.value?()
  }

  /// Keeps this token in `set`, so that it lives as long as the set holds it.
  ///
  /// ```swift
  /// subject.sink { print($0) }.store(in: &cancellables)
  /// ```
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this token in `collection` (an `Array`, for instance).
  ///
  /// ```swift
  /// var tokens: [AnyCancellable] = []
  /// subject.sink { print($0) }.store(in: &tokens)
  /// ```
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
