/// Fixed-point and grouped number text without Foundation, for the table and the JSON lines.
enum NumberFormatting {
  /// `value` with exactly `decimals` digits after the point (`fixed(1.5, 2)` is `"1.50"`).
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / Int(scale)
    guard decimals > 0 else { return sign + String(whole) }
    let fraction = String(scaled % Int(scale))
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count)
      + fraction
  }

  /// `value` with thousands separators (`grouped(1234567)` is `"1,234,567"`).
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(abs(value)))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index).isMultiple(of: 3) { text.append(",") }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// A fraction as a whole percentage (`percent(0.123)` is `"12%"`).
  static func percent(_ value: Double) -> String {
    fixed(value * 100, 0) + "%"
  }

  /// A byte count in binary units (`"12.3 MiB"`).
  static func bytes(_ value: Int) -> String {
    let units = ["B", "KiB", "MiB", "GiB"]
    var amount = Double(value)
    var unit = 0
    while amount >= 1024 && unit < units.count - 1 {
      amount /= 1024
      unit += 1
    }
    return unit == 0 ? "\(value) B" : "\(fixed(amount, 1)) \(units[unit])"
  }

  /// A JSON number: integers without a fraction, others with three decimals.
  static func json(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    return fixed(value, 3)
  }
}
