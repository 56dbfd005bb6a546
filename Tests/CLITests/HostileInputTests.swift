import Foundation
import Synchronization
import Testing

/// Hostile input to the real `brew-search` executable: thousands of generated malformed inputs
/// (seeded: `HOSTILE_INPUT_SEED`, `HOSTILE_INPUT_CASES` and `HOSTILE_INPUT_ONLY=<index>` rerun
/// or widen a run), each of which must end with status 0 or 2 — and a message when 2 — within
/// the watchdog's limit, never with a signal, a hang or a stack trace.
@Suite struct HostileInputTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["HOSTILE_INPUT_SEED"].flatMap { UInt64($0) }
    ?? 0x0A51_C0B5_2025
  static let caseCount =
    ProcessInfo.processInfo.environment["HOSTILE_INPUT_CASES"].flatMap { Int($0) } ?? 1_000
  static let only = ProcessInfo.processInfo.environment["HOSTILE_INPUT_ONLY"].flatMap { Int($0) }
  /// Processes running at once: spawning and pipe reading leave the cores idle part of the time.
  static let lanes =
    ProcessInfo.processInfo.environment["HOSTILE_INPUT_LANES"].flatMap { Int($0) }
    ?? max(3, ProcessInfo.processInfo.activeProcessorCount * 2)
  /// Seconds before a run counts as a hang: the slowest case takes about 2 s on CI's 2 cores in a
  /// full parallel run, so a limit near that would report a busy machine as a hang.
  static let limit: TimeInterval = 30

  @Test func generatedMalformedInputsEndWithStatusZeroOrTwoAndAMessage() async throws {
    let indices = Self.only.map { [$0] } ?? Array(0..<Self.caseCount)
    let root = try BrewSearchProcess.temporaryFolder()
    let started = ContinuousClock.now
    let report = HostileReport()
    await withLanes(Self.lanes, indices: indices) { index in
      let hostile = HostileInputGenerator.makeCase(seed: Self.seed, index: index)
      let folder = root.appendingPathComponent("case-\(index)")
      do {
        let outcome = try HostileRunner.run(hostile, in: folder, limit: Self.limit)
        let problem = HostileRunner.problem(with: outcome, of: hostile, limit: Self.limit)
        report.add(hostile, outcome, problem: problem, folder: folder)
        if problem == nil { try? FileManager.default.removeItem(at: folder) }
      } catch {
        report.add(hostile, nil, problem: "could not run: \(error)", folder: folder)
      }
    }
    let elapsed = ContinuousClock.now - started
    print(report.summary(seed: Self.seed, lanes: Self.lanes, elapsed: elapsed))
    for failure in report.failures.prefix(20) { Issue.record(Comment(rawValue: failure)) }
    #expect(report.runs == indices.count)
    if report.failures.isEmpty { try? FileManager.default.removeItem(at: root) }
  }

  // MARK: - Regressions found by the generator

  private static let brewFields =
    #""id":"a","date":"2024-05-01T08:00:00Z","method":"espresso","rating":4,"notes":"x""#

  /// A data file whose unknown field nests `depth` arrays, on its second line.
  private func nestedDataFile(depth: Int) -> String {
    "[{\(Self.brewFields),\n  \"extra\": " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}]"
  }

  @Test func deepNestingInADataFileIsAnErrorAtItsLineAndColumnNotAStackOverflow() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try nestedDataFile(depth: 100_000).write(
      to: folder.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(["--data", "deep.json"], directory: folder, limit: 10)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "brew-search: deep.json:2:524: malformed JSON: arrays and objects nested more than "
        + "512 levels deep\n")
  }

  @Test func nestingUpToTheLimitInAnUnknownFieldIsSkipped() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try nestedDataFile(depth: 512).write(
      to: folder.appendingPathComponent("nested.json"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(
      ["--data", "nested.json", "--json", "--debounce", "0"], input: Data("text x\n".utf8),
      directory: folder, limit: 10)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains(#""ids":["a"]"#))
  }

  @Test func aReplayTimeOverflowingMillisecondsIsRejectedBeforeAnyEngineRuns() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "at 0 text a\nat 9223372036854775807 text b\n".write(
      to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
    // Neither engine crashes (an arithmetic overflow in push) or fails with a virtual-time
    // diagnostic (pull): both exit with status 2.
    for engine in ["push", "pull"] {
      let result = try BrewSearchProcess.run(
        ["replay", "s.txt", "--engine", engine], directory: folder, limit: 10)
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "brew-search: s.txt:2: time 9223372036854775807 ms is too late: a replay lasts at "
          + "most one hour, so with the 300 ms debounce times go up to 3599700 ms\n")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func aReplayEndingExactlyAtOneHourRunsWithBothEngines() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "at 0 text a\nat 3599700 text brazil\n".write(
      to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(
      ["replay", "s.txt", "--engine", "both"], directory: folder, limit: 10)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.hasSuffix("pull and push timelines agree\n"))
  }

  @Test func aShareConsumerTickPastTheLimitIsRejectedInsteadOfRunningForever() throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "share:0,9223372036854775807", "a|"], limit: 10)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "brew-search: malformed operator 'share:0,9223372036854775807': consumer tick "
        + "9223372036854775807 is past the limit of 100000 ticks\n")
  }
}

/// Runs `body` for every index on `count` threads of their own (each blocks on a process, so
/// they must not be cooperative threads), and resumes when all are done.
private func withLanes(
  _ count: Int, indices: [Int], body: @escaping @Sendable (Int) -> Void
) async {
  let next = Atomic(0)
  let group = DispatchGroup()
  for _ in 0..<count {
    group.enter()
    Thread {
      while true {
        let position = next.add(1, ordering: .relaxed).oldValue
        guard position < indices.count else { break }
        body(indices[position])
      }
      group.leave()
    }.start()
  }
  await withCheckedContinuation { continuation in
    group.notify(queue: .global()) { continuation.resume() }
  }
}

/// How one run of the executable ended.
struct HostileOutcome {
  var reason: Process.TerminationReason
  var status: Int32
  var timedOut: Bool
  var seconds: Double
  var stdout: Data
  var stderr: Data
}

/// Runs a generated case as a real process with a watchdog, and judges how it ended.
enum HostileRunner {
  static func run(_ hostile: HostileCase, in folder: URL, limit: TimeInterval) throws
    -> HostileOutcome
  {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, bytes) in hostile.files {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let started = ContinuousClock.now
    // posix_spawn and a poll loop that retries EINTR (see ChildProcess): Foundation's Process
    // and FileHandle once crashed this test on CI with an interrupted read.
    let output = try ChildProcess.run(
      BrewSearchProcess.executable.path, hostile.arguments,
      environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"], directory: folder.path,
      input: hostile.stdin, limit: limit)
    return HostileOutcome(
      reason: output.signal == nil ? .exit : .uncaughtSignal,
      status: output.exitStatus ?? output.signal ?? 0, timedOut: output.timedOut,
      seconds: (ContinuousClock.now - started) / .seconds(1), stdout: output.stdout,
      stderr: output.stderr)
  }

  /// What is wrong with how the run ended, or `nil`.
  static func problem(with outcome: HostileOutcome, of hostile: HostileCase, limit: TimeInterval)
    -> String?
  {
    if outcome.timedOut { return "still running after \(limit) s (a hang): killed" }
    if outcome.reason == .uncaughtSignal { return "killed by signal \(outcome.status)" }
    let stderr = String(decoding: outcome.stderr, as: UTF8.self)
    let traces = [
      "Fatal error", "Backtracing", "Swift runtime failure", "Stack dump", "*** Signal",
    ]
    if let trace = traces.first(where: { stderr.contains($0) }) {
      return "stack trace on stderr ('\(trace)')"
    }
    switch outcome.status {
    case 0: return malformedJSONLine(outcome, hostile)
    case 1: return "status 1: the pull and push engines disagree"
    case 2:
      guard stderr.hasPrefix("brew-search: "), stderr.count > "brew-search: ".count + 1 else {
        return "status 2 without a message on stderr"
      }
      return nil
    default: return "status \(outcome.status), expected 0 or 2"
    }
  }

  /// With `--json`, every line the piped search or a replay prints is a JSON object.
  private static func malformedJSONLine(_ outcome: HostileOutcome, _ hostile: HostileCase)
    -> String?
  {
    guard hostile.arguments.contains("--json"), hostile.kind != .arguments,
      hostile.kind != .marbles
    else { return nil }
    for line in outcome.stdout.split(separator: 0x0A) {
      guard (try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any] else {
        return "--json printed a line that is not a JSON object: "
          + HostileReport.preview(Array(line))
      }
    }
    return nil
  }
}

/// What the lanes found: counts per kind, the slowest run, every failure with how to rerun it.
final class HostileReport: Sendable {
  private struct State {
    var runs = 0
    var perKind: [String: Int] = [:]
    var secondsPerKind: [String: Double] = [:]
    var perStatus: [Int32: Int] = [:]
    var slowest: (seconds: Double, label: String) = (0, "")
    var failures: [String] = []
  }
  private let state = Mutex(State())

  var runs: Int { state.withLock { $0.runs } }
  var failures: [String] { state.withLock { $0.failures } }

  func add(_ hostile: HostileCase, _ outcome: HostileOutcome?, problem: String?, folder: URL) {
    let failure = problem.map { describe(hostile, outcome, problem: $0, folder: folder) }
    state.withLock { state in
      state.runs += 1
      state.perKind[hostile.kind.rawValue, default: 0] += 1
      if let outcome {
        state.perStatus[outcome.status, default: 0] += 1
        state.secondsPerKind[hostile.kind.rawValue, default: 0] += outcome.seconds
        if outcome.seconds > state.slowest.seconds {
          state.slowest = (outcome.seconds, "\(hostile.kind.rawValue) #\(hostile.index)")
        }
      }
      if let failure { state.failures.append(failure) }
    }
  }

  func summary(seed: UInt64, lanes: Int, elapsed: Duration) -> String {
    state.withLock { state in
      let kinds = state.perKind.sorted { $0.key < $1.key }.map {
        "\($0.key) \($0.value) ("
          + String(
            format: "%.0f ms", 1000 * state.secondsPerKind[$0.key, default: 0] / Double($0.value))
          + ")"
      }
      let statuses = state.perStatus.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      return """
        hostile input: \(state.runs) runs of brew-search in \(elapsed) on \(lanes) lanes, \
        seed \(seed); \(kinds.joined(separator: ", ")); statuses \(statuses.joined(separator: ", ")); \
        slowest \(state.slowest.label) \(String(format: "%.2f", state.slowest.seconds)) s; \
        \(state.failures.count) failure(s)
        """
    }
  }

  private func describe(
    _ hostile: HostileCase, _ outcome: HostileOutcome?, problem: String, folder: URL
  ) -> String {
    var lines = [
      "\(hostile.kind.rawValue) case #\(hostile.index): \(problem)",
      "rerun: HOSTILE_INPUT_SEED=\(HostileInputTests.seed) HOSTILE_INPUT_ONLY=\(hostile.index) "
        + "swift test --filter HostileInputTests",
      "files kept in \(folder.path)",
      "arguments: " + hostile.arguments.map { Self.preview(Array($0.utf8)) }.joined(separator: " "),
    ]
    for (name, bytes) in hostile.files.sorted(by: { $0.key < $1.key }) {
      lines.append("\(name) (\(bytes.count) bytes): \(Self.preview(bytes))")
    }
    lines.append("stdin (\(hostile.stdin.count) bytes): \(Self.preview(hostile.stdin))")
    if let outcome {
      lines.append(
        "status \(outcome.status) (\(outcome.reason == .exit ? "exit" : "signal")) after "
          + String(format: "%.2f s", outcome.seconds))
      lines.append("stderr: " + Self.preview(Array(outcome.stderr), limit: 800))
    }
    return lines.joined(separator: "\n")
  }

  /// The start of some bytes, quoted, with non-printable bytes as `\xNN`.
  static func preview(_ bytes: [UInt8], limit: Int = 240) -> String {
    var text = "'"
    for byte in bytes.prefix(limit) {
      switch byte {
      case 0x20...0x7E where byte != UInt8(ascii: "\\"):
        text.append(Character(Unicode.Scalar(byte)))
      case 0x0A: text += "\\n"
      default: text += String(format: "\\x%02X", byte)
      }
    }
    return text + (bytes.count > limit ? "'… (\(bytes.count) bytes)" : "'")
  }
}
