/// The error a marble input fails with (`^`), in ``recordPushMarbles(_:tick:consumers:leaves:drainTicks:render:_:)``.
///
/// ```swift
/// subject.send(completion: .failure(MarbleFailure()))   // what `^` does
/// ```
public struct MarbleFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// Creates the failure.
  public init() {}

  /// `"marble failure"`.
  public var description: String { "marble failure" }
}
