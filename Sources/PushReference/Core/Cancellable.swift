/// Something whose activity can be cancelled: a subscription, a sink, a scheduled action.
///
/// ```swift
/// let cancellable: any Cancellable = subject.sink { print($0) }
/// cancellable.cancel()   // no more values
/// ```
public protocol Cancellable {
  /// Stops the activity and frees what it holds. Calling it again does nothing.
  func cancel()
}
