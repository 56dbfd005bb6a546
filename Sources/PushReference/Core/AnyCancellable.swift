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
  private let cancelAction: CancelAction

  /// Creates a token that runs `cancel` when cancelled or deallocated.
  ///
  /// ```swift
  /// let token = AnyCancellable { print("cancelled") }
  /// ```
  public init(_ cancel: @escaping () -> Void) {
    cancelAction = CancelAction(cancel)
  }

  /// Wraps another `AnyCancellable` by sharing its one-shot action instead of calling it from a
  /// closure: cancelling (or releasing) either runs the action once, as Combine's wrapper does, and
  /// a chain of 10,000 wrappers is torn down without 10,000 nested calls (OpenCombine's
  /// `testLongChain`, which overflowed a worker thread's stack under Thread Sanitizer).
  public init(_ other: AnyCancellable) {
    cancelAction = other.cancelAction
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
    cancelAction.run()
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

/// The one-shot cancel action of one or more ``AnyCancellable``s: taken under the lock, run outside
/// it, at most once.
private final class CancelAction: Sendable {
  private let action: Mutex<UncheckedSendable<(() -> Void)?>>

  init(_ action: @escaping () -> Void) {
    self.action = Mutex(UncheckedSendable(action))
  }

  func run() {
    let taken = action.withLock { action in
      let taken = action
      action.value = nil
      return taken
    }
    taken.value?()
  }
}
