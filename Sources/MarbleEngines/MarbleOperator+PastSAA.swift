extension MarbleOperator {
  /// `withLatestFrom`, `prefixUntil`, `timeout:N`, `delay:N`, `retry:N`, `retry:N:backoff=B`
  /// (docs/semantics.md, "Past swift-async-algorithms").
  static func parsePastSAA(parts: [String], text: String) throws(MarbleOperatorError) -> Self {
    switch parts[0] {
    case "withLatestFrom", "prefixUntil":
      guard parts.count == 1 else {
        throw MarbleOperatorError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      return parts[0] == "withLatestFrom" ? .withLatestFrom : .prefixUntil
    case "timeout", "delay":
      guard parts.count == 2, let ticks = Int(parts[1]), ticks >= 0 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected \(parts[0]):N with N a whole number of ticks, "
            + "as in \(parts[0]):3")
      }
      return parts[0] == "timeout" ? .timeout(ticks: ticks) : .delay(ticks: ticks)
    default:
      guard (2...3).contains(parts.count), let attempts = Int(parts[1]), attempts >= 0 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected retry:N or retry:N:backoff=B with N the number "
            + "of retries, as in retry:2")
      }
      guard parts.count == 3 else { return .retry(attempts: attempts, backoff: nil) }
      let setting = parts[2]
      guard setting.hasPrefix("backoff="), let backoff = Int(setting.dropFirst("backoff=".count)),
        backoff >= 0
      else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected backoff=B with B a whole number of ticks, got "
            + "'\(setting)'")
      }
      return .retry(attempts: attempts, backoff: backoff)
    }
  }
}
