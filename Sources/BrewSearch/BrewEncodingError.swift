import Foundation

/// A brew that the brew data format cannot hold, so `BrewDataFile.encode` writes nothing.
///
/// ```swift
/// do {
///   let data = try BrewDataFile.encode(brews)
/// } catch {
///   print(error)   // brew at index 3 (id "b4"): date -63176659200.0 s since 2001-01-01 is …
/// }
/// ```
public struct BrewEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What cannot be written.
  public enum Problem: Sendable, Hashable {
    /// The date is not finite, or its year is outside 0000...9999 (the format's four digits).
    case dateNotWritable(Date)

    /// The message, without the brew.
    public var message: String {
      switch self {
      case .dateNotWritable(let date):
        let interval = date.timeIntervalSinceReferenceDate
        return interval.isFinite
          ? "date \(interval) s since 2001-01-01 is outside the years 0000...9999 that the brew "
            + "data format writes"
          : "date \(interval) is not a finite time"
      }
    }
  }

  /// The brew's position in the array given to `encode`.
  public let index: Int
  /// The brew's id.
  public let id: String
  /// What is wrong.
  public let problem: Problem

  /// Creates an error.
  public init(index: Int, id: String, problem: Problem) {
    self.index = index
    self.id = id
    self.problem = problem
  }

  /// `brew at index I (id "X"): message`.
  public var description: String {
    "brew at index \(index) (id \(BrewDataFile.quoted(id))): \(problem.message)"
  }
}
