import Glibc

/// `asyncops-bench --modes`: measures the selection once per ``SchedulingMode``, each in a child
/// process of this binary started with `--json --mode MODE` (so the child pins itself before its
/// first pool thread exists), then prints both modes side by side and judges every target in the
/// worse mode. With `--json` it prints the children's objects, each carrying its `"mode"`.
enum ModesCommand {
  /// The modes, in the order they are measured and shown.
  static let modes: [SchedulingMode] = [.pinned, .free]

  /// Runs both children; returns the exit status (the worst child's).
  @concurrent
  static func run(arguments: [String], json: Bool) async -> Int32 {
    let machine = MachineDescription.current()
    if !json {
      for line in machine.lines { print(line) }
      print("scheduling modes: " + modes.map(\.rawValue).joined(separator: ", "))
      fflush(nil)
    }
    var rows: [ModeRow] = []
    var status: Int32 = 0
    for mode in modes {
      writeStandardError("asyncops-bench --modes: measuring \(mode.rawValue)\n")
      let child = ChildProcess.run(BenchOptions.childArguments(arguments, mode: mode))
      if child.status != 0 { status = max(status, child.status == 2 ? 2 : 1) }
      if json {
        print(child.output, terminator: "")
        fflush(nil)
      }
      do {
        rows += ModeRow.rows(try JSONLines.parse(child.output))
      } catch {
        writeStandardError("asyncops-bench: the \(mode.rawValue) child printed no JSON lines\n")
        status = 1
      }
    }
    if !json {
      for line in table(rows) + [""] + targetLines(rows) { print(line) }
      print("")
      print("load average at the end: \(MachineDescription.current().loadAverage)")
    }
    return status
  }

  /// The mode table: one line per case, each mode's median ns, ×`handoff` of that mode, ×its own
  /// shape floor (`floor-` + its name) of that mode and context switches per element, then
  /// free/pinned.
  static func table(_ rows: [ModeRow]) -> [String] {
    var names: [String] = []
    for row in rows where !names.contains(row.caseName) { names.append(row.caseName) }
    let width = max(4, names.map(\.count).max() ?? 0)
    let perMode = ["ns/element", "×handoff", "×shape", "switches/el"]
    let widths = [12, 9, 7, 12]
    var header = "case".padding(to: width)
    for mode in modes {
      for (title, cell) in zip(perMode, widths) {
        header += "  " + "\(mode.rawValue) \(title)".leftPadding(to: cell + 7)
      }
    }
    header += "  " + "free/pinned".leftPadding(to: 11)
    var lines = [header, String(repeating: "-", count: header.count)]
    for name in names {
      var line = name.padding(to: width)
      var figures: [Double] = []
      for mode in modes {
        let row = rows.first { $0.caseName == name && $0.mode == mode.rawValue }
        let handoff = rows.first {
          $0.caseName == BenchCase.handoffName && $0.mode == mode.rawValue
        }
        let cells: [String]
        if let row {
          figures.append(row.nsPerElement)
          let ratio = handoff.map { $0.nsPerElement > 0 ? row.nsPerElement / $0.nsPerElement : 0 }
          // The ratio to the case's own shape floor (`floor-` + its name), when it has one.
          let shapeFloor = rows.first {
            $0.caseName == ShapeFloors.floorName(of: name) && $0.mode == mode.rawValue
          }
          let toShape = shapeFloor.map {
            TargetJudgement.shapeFloorRatio(row.result, to: $0.result).ratio
          }
          cells = [
            NumberFormatting.fixed(row.nsPerElement, 1),
            ratio.map { NumberFormatting.fixed($0, 2) } ?? "-",
            toShape.map { NumberFormatting.fixed($0, 2) } ?? "-",
            row.contextSwitchesPerElement.map { NumberFormatting.fixed($0, 4) } ?? "-",
          ]
        } else {
          cells = ["-", "-", "-", "-"]
        }
        for (cell, cellWidth) in zip(cells, widths) {
          line += "  " + cell.leftPadding(to: cellWidth + 7)
        }
      }
      let change =
        figures.count == 2 && figures[0] > 0
        ? NumberFormatting.fixed(figures[1] / figures[0], 2) : "-"
      lines.append(line + "  " + change.leftPadding(to: 11))
    }
    return lines
  }

  /// The target lines: each target's ratio in every mode, and the verdict on the worse.
  static func targetLines(_ rows: [ModeRow]) -> [String] {
    let verdicts = TargetJudgement.judge(rows.map(\.result), targets: BenchTargets.all)
    guard !verdicts.isEmpty else { return [] }
    return [
      "targets (×reference, each mode against its own reference, a shape floor by the median of "
        + "the paired repetitions; judged in the worse):"
    ]
      + verdicts.map { verdict in
        let perMode = verdict.ratios.map { "\($0.mode) \(NumberFormatting.fixed($0.ratio, 2))" }
        return "  " + BenchTargets.targetLabel(verdict.target).padding(to: 50)
          + perMode.joined(separator: "  ").padding(to: 24) + " ≤ "
          + NumberFormatting.fixed(verdict.target.limit, 2).padding(to: 6)
          + (verdict.met ? "met   " : "missed") + " (worse: \(verdict.worse.mode))"
      }
  }
}

/// A child process of this binary, its standard output captured.
enum ChildProcess {
  /// Runs `/proc/self/exe` with `arguments` (stderr and stdin inherited); returns its exit status
  /// (128 + signal when killed, 127 when it could not start) and everything it printed.
  static func run(_ arguments: [String]) -> (status: Int32, output: String) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return (127, "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let program = "/proc/self/exe"
    let argv = ([CommandLine.arguments.first ?? "asyncops-bench"] + arguments).map { strdup($0) }
    defer { for argument in argv { free(argument) } }
    var child = pid_t()
    let spawned = posix_spawn(&child, program, &actions, nil, argv + [nil], environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else { return (127, "") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    // The wait status: the low 7 bits are the signal that killed it (0 when it exited), the
    // next byte its exit status.
    let signal = status & 0x7f
    return (
      signal == 0 ? (status >> 8) & 0xff : 128 + signal, String(decoding: bytes, as: UTF8.self)
    )
  }
}
