extension MarbleOperator {
  /// `chunks:N`, `chunksByTime:T`, `chunksByTimeOrCount:T:N` and `timer:T`: every number a whole
  /// number ≥ 1.
  static func parseChunksOrTimer(
    parts: [String], text: String
  ) throws(MarbleOperatorError) -> Self {
    let expected =
      switch parts[0] {
      case "chunks": "chunks:N"
      case "chunksByTime": "chunksByTime:T"
      case "chunksByTimeOrCount": "chunksByTimeOrCount:T:N"
      default: "timer:T"
      }
    let numbers = parts.dropFirst().map { Int($0) }
    guard numbers.count == expected.split(separator: ":").count - 1,
      numbers.allSatisfy({ ($0 ?? 0) >= 1 })
    else {
      throw MarbleOperatorError(
        "malformed operator '\(text)': expected \(expected), each a whole number ≥ 1")
    }
    let values = numbers.map { $0! }
    switch parts[0] {
    case "chunks": return .chunks(count: values[0])
    case "chunksByTime": return .chunksByTime(ticks: values[0])
    case "chunksByTimeOrCount": return .chunksByTimeOrCount(ticks: values[0], count: values[1])
    default: return .timer(ticks: values[0])
    }
  }
}
