import Glibc

/// The progress line on stderr for long cases. On a terminal it is rewritten in place and erased
/// when the case ends; otherwise (a log file, a test capturing stderr) each update is its own line.
struct ProgressLine: Sendable {
  /// A case whose preparation or any single run takes at least this long shows progress.
  static let longCaseThreshold: Duration = .seconds(1)

  private let isTerminal = isatty(STDERR_FILENO) != 0

  /// Shows `text` as the current progress.
  func show(_ text: String) {
    writeStandardError(isTerminal ? "\r\u{1B}[K\(text)" : "\(text)\n")
  }

  /// Shows `text` on a terminal only: progress for phases not yet known to be long.
  func showOnTerminal(_ text: String) {
    if isTerminal { show(text) }
  }

  /// Erases the progress line (on a terminal; elsewhere there is nothing to erase).
  func clear() {
    if isTerminal { writeStandardError("\r\u{1B}[K") }
  }
}

/// Writes `text` to stderr unbuffered.
func writeStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
