import Foundation

/// The `brew-search` executable beside this one, running on a pseudo-terminal (24 × 100) that
/// this process holds the leader side of: keys are written to it, the screen read from it.
final class LiveTerminalSession: @unchecked Sendable {
  // @unchecked: used by one task at a time (the bench case's prepare, then its body, in
  // sequence); nothing is shared between threads concurrently.

  /// A setup or run failure, with what went wrong.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  private let leader: Int32
  private let process = Process()
  private var received: [UInt8] = []

  // Glibc's module map hides the X/Open pseudo-terminal calls; they are in libc all the same.
  private typealias DescriptorCall = @convention(c) (Int32) -> Int32
  private typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw Failure("no \(name)") }
    return unsafeBitCast(symbol, to: type)
  }

  init(arguments: [String]) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("brew-search")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw Failure("\(executable.path) is missing: build it first (swift build -c release)")
    }
    leader = try Self.libc("posix_openpt", as: DescriptorCall.self)(O_RDWR | O_NOCTTY)
    guard leader >= 0, try Self.libc("grantpt", as: DescriptorCall.self)(leader) == 0,
      try Self.libc("unlockpt", as: DescriptorCall.self)(leader) == 0,
      let name = try Self.libc("ptsname", as: NameCall.self)(leader)
    else { throw Failure("no pseudo-terminal") }
    let follower = open(name, O_RDWR | O_NOCTTY)
    guard follower >= 0 else { throw Failure("cannot open the pseudo-terminal") }
    var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(follower, UInt(TIOCSWINSZ), &size)
    let handle = FileHandle(fileDescriptor: follower, closeOnDealloc: true)
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  deinit {
    stop()
    close(leader)
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
  }

  /// Reads the screen until `text` appears (consuming up to it); `false` after `seconds`.
  func read(until text: String, seconds: Int) -> Bool {
    let wanted = Array(text.utf8)
    let giveUp = ContinuousClock.now.advanced(by: .seconds(seconds))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while ContinuousClock.now < giveUp {
      if let range = received.firstRange(of: wanted) {
        received.removeSubrange(..<range.upperBound)
        return true
      }
      var poller = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(leader, $0.baseAddress, 65_536) }
      if count <= 0 { return false }
      received += buffer[0..<count]
    }
    return false
  }

  /// Leaves the screen (Esc) and waits for the process; kills it if it does not leave.
  func stop() {
    guard process.isRunning else { return }
    type("\u{1B}")
    let giveUp = ContinuousClock.now.advanced(by: .seconds(5))
    while process.isRunning, ContinuousClock.now < giveUp { _ = read(until: "\u{0}", seconds: 1) }
    if process.isRunning { process.terminate() }
  }
}
