import Foundation

/// One logged brew.
///
/// ```swift
/// let brew = Brew(method: .pourOver, rating: 5, notes: "Guji, Ethiopia: jasmine, peach; 1:16")
/// ```
///
/// In JSON (`Codable`), `date` is an ISO 8601 string (`"2024-03-01T07:30:00Z"`; a fractional
/// second is written only when the date has one, with enough digits to read back the same `Date`)
/// and `method` is the case name, whatever the encoder's date strategy.
public struct Brew: Sendable, Hashable, Identifiable, Codable {
  /// A unique identifier (a UUID string by default).
  public var id: String
  /// When the brew was made.
  public var date: Date
  /// How it was brewed.
  public var method: BrewMethod
  /// The rating, 1 to 5.
  public var rating: Int
  /// Free-text tasting notes.
  public var notes: String

  /// The valid ratings.
  public static let ratings: ClosedRange<Int> = 1...5

  /// Creates a brew. `rating` must be in `Brew.ratings` (1...5); anything else is a programming
  /// error and traps. Data read from files is validated with a thrown error instead.
  public init(
    id: String = UUID().uuidString, date: Date = Date(), method: BrewMethod, rating: Int,
    notes: String
  ) {
    precondition(Brew.ratings.contains(rating), "a brew's rating must be 1...5, got \(rating)")
    self.id = id
    self.date = date
    self.method = method
    self.rating = rating
    self.notes = notes
  }

  private enum CodingKeys: String, CodingKey {
    case id, date, method, rating, notes
  }

  /// Decodes a brew, reading `date` as an ISO 8601 string and rejecting ratings outside 1...5.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let dateText = try container.decode(String.self, forKey: .date)
    guard let date = ISO8601Date.parse(dateText) else {
      throw DecodingError.dataCorruptedError(
        forKey: .date, in: container, debugDescription: "not an ISO 8601 date: \(dateText)")
    }
    let rating = try container.decode(Int.self, forKey: .rating)
    guard Brew.ratings.contains(rating) else {
      throw DecodingError.dataCorruptedError(
        forKey: .rating, in: container, debugDescription: "rating \(rating) is outside 1...5")
    }
    self.init(
      id: try container.decode(String.self, forKey: .id), date: date,
      method: try container.decode(BrewMethod.self, forKey: .method), rating: rating,
      notes: try container.decode(String.self, forKey: .notes))
  }

  /// Encodes a brew with `date` as an ISO 8601 string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    guard let text = ISO8601Date.format(date) else {
      throw EncodingError.invalidValue(
        date,
        EncodingError.Context(
          codingPath: container.codingPath + [CodingKeys.date],
          debugDescription: BrewEncodingError.Problem.dateNotWritable(date).message))
    }
    try container.encode(text, forKey: .date)
    try container.encode(method, forKey: .method)
    try container.encode(rating, forKey: .rating)
    try container.encode(notes, forKey: .notes)
  }
}
