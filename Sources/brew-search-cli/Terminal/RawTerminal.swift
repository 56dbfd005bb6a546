import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in raw mode for the live search: no echo, no line buffering, keys as bytes.
///
/// The original settings are restored by ``restore()``, and also when the process is ended by a
/// signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT): the handler restores them and re-raises the signal.
/// A window resize (SIGWINCH) sets a flag the screen polls.
final class RawTerminal: Sendable {
  /// Set by SIGWINCH; cleared by the screen when it redraws.
  static let resized = Atomic<Bool>(false)

  private let restored = Atomic<Bool>(false)

  /// Enters raw mode when standard input and output are both terminals; `nil` otherwise.
  init?() {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    SavedTerminal.save(settings)
    var raw = Self.rawMode(of: settings)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
    SavedTerminal.installSignalHandlers()
    Terminal.write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableLineWrap)
  }

  /// `settings` in raw mode: bytes as typed, one at a time, no echo, no signals from keys.
  static func rawMode(of settings: termios) -> termios {
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    // ISIG off: Ctrl-C arrives as a key, so the screen can exit cleanly.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    return raw
  }

  /// Leaves raw mode and the alternate screen. Safe to call more than once.
  func restore() {
    guard !restored.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Terminal.write(ANSI.restoreScreen)
    SavedTerminal.restore()
  }

  /// The window's size in rows and columns (24 × 80 when it cannot be read).
  static var size: (rows: Int, columns: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }
}

/// The terminal settings to restore, kept where a signal handler can reach them.
private enum SavedTerminal {
  // nonisolated(unsafe): written once, before any handler is installed (in `save`), and only read
  // afterwards — by `restore()` on the main flow or by a signal handler, which may not take locks.
  nonisolated(unsafe) static var settings = termios()

  // nonisolated(unsafe): like `settings`, written once in `save`, before any handler exists.
  nonisolated(unsafe) static var resetBytes: UnsafeMutableBufferPointer<UInt8>?

  static func save(_ value: termios) {
    settings = value
    let reset = Array(ANSI.restoreScreen.utf8)
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: reset.count)
    _ = bytes.initialize(from: reset)
    resetBytes = bytes  // kept for the life of the process: a handler may run at any time
  }

  static func restore() {
    var value = settings
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &value)
  }

  static func installSignalHandlers() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      signal(signalNumber) { received in
        // Only async-signal-safe calls here: no allocation, so the reset bytes were made before.
        if let reset = SavedTerminal.resetBytes {
          _ = Glibc.write(STDOUT_FILENO, reset.baseAddress, reset.count)
        }
        var value = SavedTerminal.settings
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &value)
        signal(received, SIG_DFL)
        raise(received)
      }
    }
    signal(SIGWINCH) { _ in
      RawTerminal.resized.store(true, ordering: .relaxed)
    }
  }
}

/// Writing to standard output (or another terminal) without buffering surprises.
enum Terminal {
  /// Writes all of `text` to `descriptor` (standard output by default), retrying partial writes.
  static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

/// The escape sequences the screen uses.
enum ANSI {
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  static let clearScreen = "\u{1B}[2J\u{1B}[H"
  static let clearLine = "\u{1B}[K"
  /// No automatic wrap at the right margin: a row can never spill onto the next one.
  static let disableLineWrap = "\u{1B}[?7l"
  static let enableLineWrap = "\u{1B}[?7h"
  /// What leaving the screen writes: wrap and cursor back, then the normal screen.
  static let restoreScreen = enableLineWrap + showCursor + leaveAlternateScreen
  static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
}
