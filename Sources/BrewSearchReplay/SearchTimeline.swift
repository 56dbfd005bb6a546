/// One thing a search model emitted, and when.
public struct SearchEmission: Hashable, Sendable {
  /// What was emitted.
  public enum Kind: Hashable, Sendable {
    /// A filter pass published these brew ids (one per pass, even when unchanged).
    case results(ids: [String])
    /// The recent-searches list changed to these terms.
    case recent(terms: [String])
  }

  /// The instant, from the start of the session.
  public var time: Duration
  /// What was emitted.
  public var kind: Kind

  /// Creates an emission.
  public init(time: Duration, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// The instant in whole milliseconds.
  public var milliseconds: Int {
    let (whole, overflow) = time.components.seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return time < .zero ? Int(Int64.min) : Int(Int64.max) }
    return Int(whole + time.components.attoseconds / 1_000_000_000_000_000)
  }
}

/// Everything a search model emitted during a session: the filter passes and the recent-searches
/// changes, each list in the order it happened.
///
/// Two timelines are equal when both lists are: the relative order of a filter pass and a recent
/// change at the same instant is not part of the comparison (the two designs deliver one instant's
/// emissions to their two subscribers in different orders, and nothing can observe it).
public struct SearchTimeline: Hashable, Sendable {
  /// One entry per filter pass.
  public var results: [SearchEmission] = []
  /// One entry per change of the recent searches.
  public var recent: [SearchEmission] = []

  /// Creates an empty timeline.
  public init() {}

  /// The number of filter passes.
  public var filterPasses: Int { results.count }

  /// Both lists merged in time order; at the same instant, results come first.
  public var emissions: [SearchEmission] {
    (results.map { ($0, 0) } + recent.map { ($0, 1) })
      .enumerated()
      .sorted { lhs, rhs in
        (lhs.element.0.time, lhs.element.1, lhs.offset) < (
          rhs.element.0.time, rhs.element.1, rhs.offset
        )
      }
      .map(\.element.0)
  }

  /// A sentence naming the first emission where `other` differs, or `nil` when they agree.
  public func firstDifference(from other: SearchTimeline) -> String? {
    for (name, mine, theirs) in [
      ("results", results, other.results), ("recent", recent, other.recent),
    ] {
      for index in 0..<max(mine.count, theirs.count) {
        let left = index < mine.count ? mine[index] : nil
        let right = index < theirs.count ? theirs[index] : nil
        if left != right {
          return "\(name) emission \(index + 1): \(Self.describe(left)) vs \(Self.describe(right))"
        }
      }
    }
    return nil
  }

  private static func describe(_ emission: SearchEmission?) -> String {
    guard let emission else { return "nothing" }
    switch emission.kind {
    case .results(let ids): return "\(emission.milliseconds) ms [\(ids.joined(separator: " "))]"
    case .recent(let terms): return "\(emission.milliseconds) ms [\(terms.joined(separator: ", "))]"
    }
  }
}
