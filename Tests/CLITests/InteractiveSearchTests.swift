import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The live search, driven through a pseudo-terminal as a person would: type, see results,
/// cycle the method, leave, and find the terminal as it was.
@Suite struct InteractiveSearchTests {
  @Test func typingFiltersCyclingChangesTheMethodAndEscRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = BrewSearchProcess.executable
    process.arguments = ["search", "--debounce", "0"]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["TERM"] = "xterm"
    process.environment = environment
    process.standardInput = terminal.follower
    process.standardOutput = terminal.follower
    process.standardError = terminal.follower
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    #expect(terminal.read(until: "42 brews"), "the full list at start: \(terminal.transcript)")
    terminal.type("jasmine")
    #expect(terminal.read(until: "Search: jasmine"))
    #expect(terminal.read(until: "2 brews"), "the filtered results")
    terminal.type("\t")
    #expect(terminal.read(until: "Method: Espresso"))
    terminal.type("\u{1B}[Z")  // Shift-Tab back to any
    #expect(terminal.read(until: "Method: Any"))
    terminal.type("\u{1B}[A")  // ↑
    #expect(terminal.read(until: "Minimum rating: ★☆☆☆☆"))
    terminal.type("\u{1B}")
    #expect(terminal.read(until: "\u{1B}[?1049l"), "the alternate screen is left")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(terminal.isCanonicalWithEcho, "raw mode was undone")
  }
}

/// A pseudo-terminal pair: the test holds the leader side; the child gets the follower.
final class PseudoTerminal: @unchecked Sendable {
  // @unchecked: a test uses it from one thread at a time (its own, or one thread it starts and
  // then waits for); the mutable `received` and `transcript` are never accessed concurrently.
  let leaderDescriptor: Int32
  let follower: FileHandle
  private var received = ""
  /// Everything read so far, for failure messages.
  private(set) var transcript = ""

  // Glibc's module map hides the X/Open pseudo-terminal calls; they are in libc all the same.
  private typealias OpenLeader = @convention(c) (Int32) -> Int32
  private typealias PrepareLeader = @convention(c) (Int32) -> Int32
  private typealias FollowerName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw POSIXError(.ENOSYS) }
    return unsafeBitCast(symbol, to: type)
  }

  init(rows: UInt16 = 30, columns: UInt16 = 100) throws {
    let openLeader = try Self.libc("posix_openpt", as: OpenLeader.self)
    let grant = try Self.libc("grantpt", as: PrepareLeader.self)
    let unlock = try Self.libc("unlockpt", as: PrepareLeader.self)
    let followerName = try Self.libc("ptsname", as: FollowerName.self)
    leaderDescriptor = openLeader(O_RDWR | O_NOCTTY)
    guard leaderDescriptor >= 0, grant(leaderDescriptor) == 0, unlock(leaderDescriptor) == 0,
      let name = followerName(leaderDescriptor)
    else { throw POSIXError(.ENODEV) }
    let followerDescriptor = open(name, O_RDWR | O_NOCTTY)
    guard followerDescriptor >= 0 else { throw POSIXError(.ENODEV) }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(followerDescriptor, UInt(TIOCSWINSZ), &size)
    follower = FileHandle(fileDescriptor: followerDescriptor, closeOnDealloc: true)
  }

  /// Changes the window size (the test then sends SIGWINCH: the child has no controlling terminal).
  func resize(rows: UInt16, columns: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(follower.fileDescriptor, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    close(leaderDescriptor)
  }

  /// Puts the follower side in raw mode, as `brew-search` does (for in-process screen tests).
  func makeFollowerRaw() {
    var settings = termios()
    guard tcgetattr(follower.fileDescriptor, &settings) == 0 else { return }
    settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    settings.c_oflag &= ~tcflag_t(OPOST)
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(follower.fileDescriptor, TCSANOW, &settings)
  }

  func type(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer {
      write(leaderDescriptor, $0.baseAddress, $0.count - 1)
    }
  }

  /// Reads the screen output until it contains `text` (consuming up to it), waiting for output
  /// as it arrives for at most 20 s; returns whether `text` appeared.
  func read(until text: String) -> Bool {
    let giveUp = ContinuousClock.now.advanced(by: .seconds(20))
    while ContinuousClock.now < giveUp {
      if let range = received.range(of: text) {
        received.removeSubrange(..<range.upperBound)
        return true
      }
      var poller = pollfd(fd: leaderDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(leaderDescriptor, $0.baseAddress, 4096)
      }
      if count <= 0 { return received.contains(text) }
      let text = String(decoding: buffer[0..<count], as: UTF8.self)
      received += text
      transcript += text
    }
    return false
  }

  var isCanonicalWithEcho: Bool {
    var settings = termios()
    guard tcgetattr(follower.fileDescriptor, &settings) == 0 else { return false }
    return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
  }
}

@Suite struct InteractiveSignalTests {
  @Test func aTerminatingSignalRestoresTheTerminalFirst() throws {
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = BrewSearchProcess.executable
    process.arguments = ["search"]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardInput = terminal.follower
    process.standardOutput = terminal.follower
    process.standardError = terminal.follower
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    #expect(terminal.read(until: "Esc quit"), "the screen is up")
    process.terminate()  // SIGTERM
    #expect(terminal.read(until: "\u{1B}[?1049l"), "the alternate screen is left")
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(terminal.isCanonicalWithEcho, "raw mode was undone before the process died")
  }
}
