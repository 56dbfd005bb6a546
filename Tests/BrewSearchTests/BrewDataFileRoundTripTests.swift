import Foundation
import Testing

@testable import BrewSearch

/// `BrewDataFile.encode` writes only what `decode` reads back to the identical brews; a date the
/// format cannot hold (a year outside 0000...9999, a non-finite time) is an error naming the
/// brew, never a file `decode` rejects and never a trap.
@Suite("BrewDataFile round trip")
struct BrewDataFileRoundTripTests {
  func brew(_ interval: TimeInterval, id: String = "b") -> Brew {
    Brew(
      id: id, date: Date(timeIntervalSinceReferenceDate: interval), method: .filter, rating: 3,
      notes: "n")
  }

  /// Why `encode` refused: its error's description.
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  /// The encoded data, or why not.
  func encoded(_ brews: [Brew]) -> Result<Data, Refusal> {
    do {
      return .success(try BrewDataFile.encode(brews))
    } catch {
      return .failure(Refusal(description: "\(error)"))
    }
  }

  /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 2001-01-01.
  static let firstWritable: TimeInterval = -63_113_904_000
  static let firstTooLate: TimeInterval = 252_423_993_600

  @Test func aDateJustBefore2001ReadsBackExactly() throws {
    let brews = [brew(-0.1), brew(-1e-9, id: "c"), brew(-86_399.9, id: "d")]
    let data = try encoded(brews).get()
    let decoded = try BrewDataFile.decode(data)
    #expect(decoded.map { $0.date.timeIntervalSinceReferenceDate } == [-0.1, -1e-9, -86_399.9])
  }

  @Test(arguments: [
    -63_176_659_200.0,  // year -2 (written "00-2-…" before)
    -63_113_904_000.5,  // half a second before year 0
    252_423_993_600.0,  // 10000-01-01 (written with 5 digits before)
    1e18, -1e18,
  ])
  func aYearOutsideTheFormatIsAnErrorNamingTheBrew(interval: TimeInterval) {
    let result = encoded([brew(0, id: "fine"), brew(interval, id: "far away")])
    guard case .failure(let refusal) = result else {
      Issue.record(
        "encoded \(interval) as \(String(decoding: (try? result.get()) ?? Data(), as: UTF8.self))")
      return
    }
    let message = refusal.description
    #expect(message.contains("index 1") && message.contains("\"far away\""), "\(message)")
    #expect(message.contains("0000...9999"), "\(message)")
  }

  @Test(arguments: [Double.infinity, -Double.infinity, Double.nan])
  func aNonFiniteDateIsAnErrorNotATrap(interval: TimeInterval) {
    let result = encoded([brew(interval, id: "never")])
    guard case .failure(let refusal) = result else {
      Issue.record("encoded a non-finite date")
      return
    }
    let message = refusal.description
    #expect(message.contains("\"never\"") && message.contains("not a finite"), "\(message)")
  }

  @Test func theCodableEncodingRefusesWhatTheFormatCannotHold() {
    #expect(throws: EncodingError.self) {
      try JSONEncoder().encode(brew(.infinity))
    }
    #expect(throws: EncodingError.self) {
      try JSONEncoder().encode(brew(Self.firstTooLate))
    }
  }

  /// The property: every finite date either reads back bit for bit, or is refused — and refused
  /// exactly when its year is outside 0000...9999. Seeded random dates of every kind: random bit
  /// patterns, random seconds with random fractions across the whole range, and the edges.
  @Test func everyDateReadsBackExactlyOrIsRefused() throws {
    var random = SplitMix64(seed: 29_005)
    var intervals: [TimeInterval] = [
      0, -0.0, 0.1, -0.1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
      .leastNormalMagnitude, -.leastNormalMagnitude, 1e-300, -1e-300,
      Self.firstWritable, Self.firstWritable.nextUp, Self.firstWritable.nextDown,
      Self.firstWritable + 0.5, Self.firstTooLate.nextDown, Self.firstTooLate - 0.5,
      Self.firstTooLate, Self.firstTooLate.nextUp, -978_307_200, -978_307_200.000_001,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]
    for _ in 0..<3_000 {
      intervals.append(Double(bitPattern: random.next()))
      let seconds = Double(random.next(below: 320_000_000_000)) - 64_000_000_000
      let fraction = Double(random.next() >> 11) / Double(1 << 53)
      intervals.append(seconds + fraction)
      intervals.append(seconds + Double(random.next(below: 1000)) / 1000)
      let tiny = Double(bitPattern: random.next() >> 12 | 0x3C00_0000_0000_0000)
      intervals.append(random.chance(1, in: 2) ? tiny : -tiny)
    }
    var refused = 0
    for interval in intervals where interval.isFinite {
      let writable = interval >= Self.firstWritable && interval < Self.firstTooLate
      let brews = [brew(interval)]
      switch encoded(brews) {
      case .success(let data):
        #expect(writable, "wrote \(interval), which is outside the years 0000...9999")
        let back = try BrewDataFile.decode(data)
        let readBack = back[0].date.timeIntervalSinceReferenceDate
        #expect(
          readBack == interval,
          "\(interval) read back as \(readBack): \(String(decoding: data, as: UTF8.self))")
      case .failure(let refusal):
        refused += 1
        #expect(!writable, "refused \(interval): \(refusal)")
      }
    }
    #expect(refused > 0)
  }
}
