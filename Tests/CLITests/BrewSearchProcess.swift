import Foundation
import Synchronization

/// The built `brew-search` executable (or another product beside it), run as a real process.
enum BrewSearchProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The executable beside the test bundle (SwiftPM builds every product before testing).
  static var executable: URL { executable(named: "brew-search") }

  /// The product `name` beside the test bundle.
  static func executable(named name: String) -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On Linux the test binary is `<bin>/AsyncOpsPackageTests.xctest`; on macOS it is inside a
    // bundle, three levels deeper.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent(name)
  }

  /// Runs `program arguments...` (`brew-search` unless named) with `input` on standard input;
  /// gives up (and fails) after `limit` seconds, so a hang can never stall the suite.
  static func run(
    _ arguments: [String], program: String = "brew-search", input: Data = Data(),
    directory: URL? = nil, limit: TimeInterval = 60
  ) throws -> Result {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    // posix_spawn and a poll loop that retries EINTR (see ChildProcess): Foundation's Process
    // and FileHandle once crashed CI on an interrupted read.
    let output = try ChildProcess.run(
      executable(named: program).path, arguments, environment: environment,
      directory: directory?.path, input: Array(input), limit: limit)
    return Result(
      status: output.exitStatus ?? 128 + (output.signal ?? 0),
      stdout: String(decoding: output.stdout, as: UTF8.self),
      stderr: String(decoding: output.stderr, as: UTF8.self))
  }

  /// Runs `command` with `/bin/sh -c` in `directory`, with the folder of the built executables
  /// first on `PATH` (so `brew-search` is the one just built) and `NO_COLOR` set.
  static func runShell(_ command: String, directory: URL, limit: TimeInterval = 60) throws
    -> Result
  {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["PATH"] =
      executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let output = try ChildProcess.run(
      "/bin/sh", ["-c", command], environment: environment, directory: directory.path,
      limit: limit)
    return Result(
      status: output.exitStatus ?? 128 + (output.signal ?? 0),
      stdout: String(decoding: output.stdout, as: UTF8.self),
      stderr: String(decoding: output.stderr, as: UTF8.self))
  }

  /// A fresh temporary folder for a test's files.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("brew-search-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// Bytes read on another thread, handed over under a lock.
final class CollectedData: Sendable {
  private let storage = Mutex(Data())

  func store(_ data: Data) {
    storage.withLock { $0 = data }
  }

  var data: Data { storage.withLock { $0 } }
}
