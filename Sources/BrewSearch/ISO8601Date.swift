import Foundation

/// The ISO 8601 date text of the brew data format: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
///
/// Hand-written rather than `ISO8601FormatStyle` so that it is exact (a fractional second is
/// written with enough digits to read back the identical `Date`), strict (no lenient guessing) and
/// fast enough to write a million brews.
enum ISO8601Date {
  /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
  private static let referenceOffset: Int64 = 978_307_200

  /// The first and the last whole second the format can write (`0000-01-01T00:00:00Z` and
  /// `9999-12-31T23:59:59Z`), in seconds since 2001-01-01: the years have four digits.
  static let writableSeconds: ClosedRange<Int64> = -63_113_904_000...252_423_993_599

  /// Formats `date` in UTC, e.g. `2024-03-01T07:30:00Z`; `nil` when the format cannot hold it
  /// (a non-finite time, or a year outside 0000...9999). What it writes, `parse` reads back to
  /// the identical `Date`: the fraction is the shortest decimal that does.
  static func format(_ date: Date) -> String? {
    guard let (whole, fraction) = decimalSeconds(date.timeIntervalSinceReferenceDate),
      writableSeconds.contains(whole)
    else { return nil }
    let unixSeconds = whole + referenceOffset
    let days = floorDivide(unixSeconds, 86_400)
    let secondOfDay = Int(unixSeconds - days * 86_400)
    let (year, month, day) = civilDate(fromDays: days)
    var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    text += "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
    text += padded(secondOfDay % 60, 2)
    if !fraction.isEmpty { text += "." + fraction }
    return text + "Z"
  }

  /// `interval` as a whole number of seconds (rounded down) and the decimal digits of the rest,
  /// exactly: whole + 0.fraction is the shortest decimal that reads back as `interval`. `nil`
  /// for a non-finite interval or one far outside any writable year.
  static func decimalSeconds(_ interval: Double) -> (whole: Int64, fraction: String)? {
    guard interval.isFinite, interval.magnitude < 1e15 else { return nil }
    // Swift's description is the shortest decimal that reads back as the same Double.
    var text = Substring(interval.description)
    let isNegative = text.hasPrefix("-")
    if isNegative { text = text.dropFirst() }
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let value = Int(text[text.index(after: e)...]) else { return nil }
      exponent = value
      text = text[..<e]
    }
    let point = text.firstIndex(of: ".") ?? text.endIndex
    let integerDigits = text[..<point]
    let fractionDigits = point == text.endIndex ? "" : text[text.index(after: point)...]
    var digits = Array(integerDigits + fractionDigits)
    // The decimal point sits after `pointPosition` digits (it may be before or after them all).
    var pointPosition = integerDigits.count + exponent
    if pointPosition < 0 {
      digits.insert(contentsOf: repeatElement("0", count: -pointPosition), at: 0)
      pointPosition = 0
    }
    if pointPosition > digits.count {
      digits += repeatElement("0", count: pointPosition - digits.count)
    }
    var fraction = String(digits[pointPosition...])
    while fraction.hasSuffix("0") { fraction.removeLast() }
    guard
      var whole = Int64(
        String(digits[..<pointPosition]).isEmpty ? "0" : String(digits[..<pointPosition]))
    else { return nil }
    if isNegative {
      // -(w.f) = -(w + 1) + (1 - 0.f): the whole part rounds down, the fraction stays positive.
      if fraction.isEmpty {
        whole = -whole
      } else {
        whole = -whole - 1
        fraction = complement(fraction)
      }
    }
    return (whole, fraction)
  }

  /// The digits of 1 - 0.`digits`, as many as `digits` has (its last digit is not 0).
  private static func complement(_ digits: String) -> String {
    var result = digits.utf8.map { 9 - ($0 - UInt8(ascii: "0")) }
    result[result.count - 1] += 1
    return String(decoding: result.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }

  /// The Double nearest to whole + 0.`fraction` (one correctly rounded conversion).
  private static func interval(whole: Int64, fraction: String) -> Double? {
    var digits = Substring(fraction)
    while digits.hasSuffix("0") { digits.removeLast() }
    if digits.isEmpty { return Double(whole) }
    if whole >= 0 { return Double("\(whole).\(digits)") }
    // whole + 0.f = -((-whole - 1) + (1 - 0.f)).
    return Double("-\(-whole - 1).\(complement(String(digits)))")
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
    var fraction = ""
    if scanner.skip(".") {
      fraction = scanner.digitRun()
      guard !fraction.isEmpty else { return nil }
    }
    guard let offsetSeconds = scanner.utcOffset(), scanner.isAtEnd else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let unixSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
    guard let interval = interval(whole: unixSeconds - referenceOffset, fraction: fraction) else {
      return nil
    }
    return Date(timeIntervalSinceReferenceDate: interval)
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
