import Foundation

/// A one-line progress bar on a terminal, redrawn in place while brews are loaded, generated or
/// indexed: `Indexing        [██████░░░░░░░░░░░░░░]  31%  310,000 / 1,000,000 brews`.
///
/// It is shown on the live screen's terminal, or, when the command's output goes to a pipe, on
/// standard error only if that is a terminal: a pipe never receives it.
final class ProgressBar {
  private let descriptor: Int32
  private var shownPercent = -1
  private var shownLabel = ""

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Below this many brews, work is too quick to need a bar (which would only flash).
  static let minimumBrews = 50_000

  /// The bar for a command: on standard output when the live screen will run (standard input
  /// and output are terminals), else on standard error when it is a terminal, else none.
  static func forCommand() -> ProgressBar? {
    if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
      return ProgressBar(descriptor: STDOUT_FILENO)
    }
    return isatty(STDERR_FILENO) == 1 ? ProgressBar(descriptor: STDERR_FILENO) : nil
  }

  /// Shows `label` at `fraction` (0…1) with the count so far (and the total when known);
  /// redrawn only when the percentage or the label changes.
  func show(_ label: String, fraction: Double, count: Int, total: Int? = nil) {
    let percent = Int((min(1, max(0, fraction)) * 100).rounded(.down))
    guard percent != shownPercent || label != shownLabel else { return }
    shownPercent = percent
    shownLabel = label
    let width = 20
    let filled = percent * width / 100
    let bar =
      String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    let counted =
      total.map { "\(Self.grouped(count)) / \(Self.grouped($0))" } ?? Self.grouped(count)
    let paddedLabel = label.padding(toLength: max(label.count, 15), withPad: " ", startingAt: 0)
    write(
      "\r\(paddedLabel) [\(bar)] \(String(repeating: " ", count: percent < 10 ? 2 : percent < 100 ? 1 : 0))\(percent)%  \(counted) brews\u{1B}[K"
    )
  }

  /// Removes the bar, leaving the cursor at the start of an empty line.
  func clear() {
    write("\r\u{1B}[K")
    shownPercent = -1
    shownLabel = ""
  }

  private func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// `1000000` → `1,000,000`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
