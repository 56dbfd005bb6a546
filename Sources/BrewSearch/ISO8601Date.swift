import Foundation

/// The ISO 8601 date text of the brew data format: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
///
/// Hand-written rather than `ISO8601FormatStyle` so that it is exact (a fractional second is
/// written with enough digits to read back the identical `Date`), strict (no lenient guessing) and
/// fast enough to write a million brews.
enum ISO8601Date {
  /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
  private static let referenceOffset: Int64 = 978_307_200

  /// Formats `date` in UTC, e.g. `2024-03-01T07:30:00Z`.
  static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSinceReferenceDate
    let whole = interval.rounded(.down)
    let fraction = interval - whole  // exact: whole is interval's own integral part
    let unixSeconds = Int64(whole) + referenceOffset
    let days = floorDivide(unixSeconds, 86_400)
    let secondOfDay = Int(unixSeconds - days * 86_400)
    let (year, month, day) = civilDate(fromDays: days)
    var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    text += "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
    text += padded(secondOfDay % 60, 2)
    if fraction > 0 { text += fractionDigits(fraction) }
    return text + "Z"
  }

  /// Parses the strict form written by `format`, with an optional fraction and any UTC offset.
  static func parse(_ text: String) -> Date? {
    parse(utf8: Array(text.utf8)[...])
  }

  /// Parses the UTF-8 bytes of a date (straight from a data file, without making a `String`).
  static func parse(utf8 bytes: ArraySlice<UInt8>) -> Date? {
    var scanner = DigitScanner(bytes: bytes)
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2), scanner.skip("T"),
      let hour = scanner.number(digits: 2), scanner.skip(":"),
      let minute = scanner.number(digits: 2), scanner.skip(":"),
      let second = scanner.number(digits: 2)
    else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0.0
    if scanner.skip(".") {
      let digits = scanner.digitRun()
      guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
      fraction = value
    }
    guard let offsetSeconds = scanner.utcOffset(), scanner.isAtEnd else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let unixSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
    let whole = Double(unixSeconds - referenceOffset)
    return Date(timeIntervalSinceReferenceDate: whole + fraction)
  }

  private static func fractionDigits(_ fraction: Double) -> String {
    // The shortest round-trip form when it is plain decimal; otherwise the exact expansion.
    var digits = fraction.description
    if digits.contains("e") {
      digits = String(format: "%.40f", fraction)
      while digits.hasSuffix("0") { digits.removeLast() }
    }
    return String(digits.dropFirst())  // drop the leading "0", keep ".ddd"
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits
      : String(repeating: "0", count: width - digits.count)
        + digits
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let shiftedYear = Int64(month <= 2 ? year - 1 : year)
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The inverse of `daysFromCivil`.
  private static func civilDate(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}

/// A cursor over the ASCII bytes of a date string.
private struct DigitScanner {
  let bytes: ArraySlice<UInt8>
  var position: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  var isAtEnd: Bool { position == bytes.endIndex }

  mutating func number(digits: Int) -> Int? {
    guard position + digits <= bytes.endIndex else { return nil }
    var value = 0
    for byte in bytes[position..<position + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += digits
    return value
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.endIndex, bytes[position] == UInt8(ascii: character) else {
      return false
    }
    position += 1
    return true
  }

  mutating func digitRun() -> String {
    let start = position
    while position < bytes.endIndex,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `Z`, `±HH:MM` or `±HHMM`, in seconds east of UTC.
  mutating func utcOffset() -> Int64? {
    if skip("Z") { return 0 }
    let sign: Int64
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(digits: 2) else { return nil }
    _ = skip(":")
    guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
    return sign * Int64(hours * 3600 + minutes * 60)
  }
}
