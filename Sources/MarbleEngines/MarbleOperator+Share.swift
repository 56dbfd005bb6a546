extension MarbleOperator {
  /// `share:T1,T2,...`, each tick optionally with a leave tick (`T-L`), then `replay=R` and
  /// `stop=D` in either order, each at most once (docs/semantics.md, Share and StoppingAfter
  /// rules). Without leave ticks and `stop=`, the plain ``share(consumers:replay:)``.
  static func parseShare(parts: [String], text: String) throws(MarbleOperatorError) -> Self {
    let expected = "expected share:T1,T2-L2,...[:replay=R][:stop=D], as in share:0,5-9:stop=3"
    guard (2...4).contains(parts.count) else {
      throw MarbleOperatorError("malformed operator '\(text)': \(expected)")
    }
    var consumers: [Int] = []
    var leaves: [Int?] = []
    for (index, entry) in parts[1].split(separator: ",", omittingEmptySubsequences: false)
      .enumerated()
    {
      let bounds = entry.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
      guard bounds.count <= 2 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': '\(entry)' is not T or T-L (a registration tick, "
            + "optionally with the tick consumer \(index + 1) leaves at)")
      }
      let start = try consumerTicks(bounds[0], text: text)[0]
      consumers.append(start)
      guard bounds.count == 2 else {
        leaves.append(nil)
        continue
      }
      let leave = try consumerTicks(bounds[1], text: text)[0]
      guard leave > start else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': consumer \(index + 1) leaves at tick \(leave), not "
            + "after it registers at tick \(start)")
      }
      leaves.append(leave)
    }
    var replay: Int?
    var stop: Int?
    for setting in parts.dropFirst(2) {
      let (name, value) = try Self.shareSetting(setting, text: text)
      switch name {
      case "replay" where replay == nil: replay = value
      case "stop" where stop == nil: stop = value
      default:
        throw MarbleOperatorError("malformed operator '\(text)': \(name)= is given twice")
      }
    }
    guard leaves.contains(where: { $0 != nil }) || stop != nil else {
      return .share(consumers: consumers, replay: replay ?? 0)
    }
    return .shareWithLeaves(consumers: consumers, leaves: leaves, replay: replay ?? 0, stop: stop)
  }

  /// `replay=R` or `stop=D`, with a whole number ≥ 0.
  private static func shareSetting(
    _ setting: String, text: String
  ) throws(MarbleOperatorError) -> (name: String, value: Int) {
    for name in ["replay", "stop"] where setting.hasPrefix(name + "=") {
      guard let value = Int(setting.dropFirst(name.count + 1)), value >= 0 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected \(name)=\(name == "replay" ? "R" : "D") with "
            + "a whole number ≥ 0, got '\(setting)'")
      }
      return (name, value)
    }
    throw MarbleOperatorError(
      "malformed operator '\(text)': expected replay=R or stop=D, got '\(setting)'")
  }

  /// The tick each consumer leaves at (`nil`: it stays); empty for the operators whose consumers
  /// do not leave.
  public var leaves: [Int?] {
    if case .shareWithLeaves(_, let leaves, _, _) = self { leaves } else { [] }
  }
}
