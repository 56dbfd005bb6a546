/// A problem in a brew data file, with its exact location.
///
/// `description` reads like a compiler diagnostic:
/// `brews.json:3:15: unknown brew method "siphon" in brew at index 1 (id "b2")`.
/// Lines and columns are 1-based; a column counts characters (Unicode scalars), not bytes.
public struct BrewDataError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// The text is not valid JSON; the string says what was expected or found.
    case malformedJSON(String)
    /// The top-level value is not an array.
    case notAnArray
    /// An element of the array is not an object.
    case notAnObject(index: Int)
    /// A required field is absent from the brew at `index`.
    case missingField(String, index: Int, id: String?)
    /// A field has the wrong JSON type (`expected` names the type wanted).
    case wrongType(field: String, expected: String, index: Int, id: String?)
    /// `method` is not a `BrewMethod` case name.
    case unknownMethod(String, index: Int, id: String?)
    /// `rating` is an integer outside 1...5.
    case ratingOutOfRange(Int, index: Int, id: String?)
    /// `date` is not an ISO 8601 date-time.
    case badDate(String, index: Int, id: String?)
    /// A key appears twice in the brew at `index` (JSON leaves repeated keys undefined: rather
    /// than keep one silently, the loader refuses them). The location is the second one.
    case duplicateKey(String, index: Int, id: String?)
    /// `id` repeats the id of the brew at `firstIndex`.
    case duplicateID(String, index: Int, firstIndex: Int)
  }

  /// The file name (or description) given to the loader.
  public let file: String
  /// 1-based line of the problem.
  public let line: Int
  /// 1-based column (in characters) of the problem.
  public let column: Int
  /// What is wrong.
  public let problem: Problem

  /// Creates an error.
  public init(file: String, line: Int, column: Int, problem: Problem) {
    self.file = file
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// `file:line:column: message`.
  public var description: String {
    "\(file):\(line):\(column): \(message)"
  }

  /// The message without the location.
  public var message: String {
    switch problem {
    case .malformedJSON(let detail): "malformed JSON: \(detail)"
    case .notAnArray: "expected a JSON array of brews"
    case .notAnObject(let index): "brew at index \(index) is not a JSON object"
    case .missingField(let field, let index, let id):
      "missing field \"\(field)\" in \(Self.brew(index, id))"
    case .wrongType(let field, let expected, let index, let id):
      "field \"\(field)\" must be \(expected) in \(Self.brew(index, id))"
    case .unknownMethod(let value, let index, let id):
      "unknown brew method \"\(value)\" in \(Self.brew(index, id)); expected one of "
        + BrewMethod.allCases.map(\.rawValue).joined(separator: ", ")
    case .ratingOutOfRange(let rating, let index, let id):
      "rating \(rating) is outside 1...5 in \(Self.brew(index, id))"
    case .badDate(let value, let index, let id):
      "date \"\(value)\" is not ISO 8601 (e.g. 2024-03-01T07:30:00Z) in \(Self.brew(index, id))"
    case .duplicateKey(let key, let index, let id):
      "repeated key \(BrewDataFile.quoted(key)) in \(Self.brew(index, id))"
    case .duplicateID(let id, let index, let firstIndex):
      "duplicate id \"\(id)\" in brew at index \(index); first used by brew at index \(firstIndex)"
    }
  }

  private static func brew(_ index: Int, _ id: String?) -> String {
    id.map { "brew at index \(index) (id \"\($0)\")" } ?? "brew at index \(index)"
  }
}
