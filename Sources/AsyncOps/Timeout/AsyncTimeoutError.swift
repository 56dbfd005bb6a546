/// The error of a ``AsyncTimeoutSequence`` whose consumer waited longer than the interval for an
/// element; thrown by `timeout(after:tolerance:clock:)`.
///
/// ```swift
/// do {
///   for try await reading in sensor.timeout(after: .seconds(5)) { show(reading) }
/// } catch is AsyncTimeoutError {
///   showOffline()
/// }
/// ```
public struct AsyncTimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Creates the error.
  ///
  /// ```swift
  /// let error = AsyncTimeoutError()
  /// ```
  public init() {}

  /// "the sequence produced nothing within its timeout".
  public var description: String { "the sequence produced nothing within its timeout" }
}
