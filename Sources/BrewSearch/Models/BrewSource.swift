/// The brews a model searches, with a version that changes whenever they are replaced, so that
/// a filter can keep what it precomputed for the same brews (an index) without comparing them.
public struct BrewSource: Sendable {
  /// Increases with every `updateSource(_:)` of a model.
  public var version: Int
  /// The brews, in source order.
  public var brews: [Brew]

  /// Creates a source.
  public init(version: Int, brews: [Brew]) {
    self.version = version
    self.brews = brews
  }
}
