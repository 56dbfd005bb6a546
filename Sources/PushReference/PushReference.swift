/// Combine's semantics in miniature, on virtual time: the oracle the pull operators of `AsyncOps`
/// are compared against. The publishers and subscribers arrive with their own issue.
public enum PushReference {
  /// The version of the push engine's behaviour that the conformance suite pins down.
  public static let semanticsVersion = 1
}
