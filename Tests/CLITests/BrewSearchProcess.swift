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
    let process = Process()
    process.executableURL = executable(named: program)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    // Read both pipes while the process runs, so a full pipe cannot block it.
    let group = DispatchGroup()
    let out = CollectedData()
    let err = CollectedData()
    DispatchQueue.global().async(group: group) {
      out.store(stdout.fileHandleForReading.readDataToEndOfFile())
    }
    DispatchQueue.global().async(group: group) {
      err.store(stderr.fileHandleForReading.readDataToEndOfFile())
    }
    // A process that exits without reading its input makes this write fail; that is fine.
    try? stdin.fileHandleForWriting.write(contentsOf: input)
    try? stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    watchdog.cancel()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: out.data, as: UTF8.self),
      stderr: String(decoding: err.data, as: UTF8.self))
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
