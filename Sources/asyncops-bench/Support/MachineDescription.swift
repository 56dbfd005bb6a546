import Glibc

/// The machine a run measured: printed above the table so numbers are never quoted without it.
struct MachineDescription {
  /// Online logical cores.
  let cores: Int
  /// `model name` from `/proc/cpuinfo`.
  let cpuModel: String
  /// The compiler that built the benchmark (from `#if compiler`).
  let swiftVersion: String
  /// `/proc/loadavg`'s 1, 5 and 15 minute averages: a busy machine skews every number.
  let loadAverage: String
  /// How peak memory is measured here.
  let memoryMethod: PeakMemoryProbe.Mode

  /// Reads the description of the current machine.
  static func current() -> MachineDescription {
    let cpuInfo = ProcFile.read("/proc/cpuinfo") ?? ""
    let load = ProcFile.read("/proc/loadavg")?.split(separator: " ").prefix(3) ?? []
    return MachineDescription(
      cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
      cpuModel: ProcFile.field("model name", in: cpuInfo) ?? "unknown CPU",
      swiftVersion: compilerVersion,
      loadAverage: load.isEmpty ? "unknown" : load.joined(separator: " "),
      memoryMethod: PeakMemoryProbe.probeMode())
  }

  /// The header lines of the text report.
  var lines: [String] {
    [
      "machine: \(cores) cores, \(cpuModel), load average \(loadAverage)",
      "compiler: \(swiftVersion)",
      "peak memory: \(memoryMethod.rawValue)",
    ]
  }

  private static var compilerVersion: String {
    #if compiler(>=7.0)
      "Swift 7.0 or later"
    #elseif compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3.1)
      "Swift 6.3.1"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #else
      "Swift older than 6.3"
    #endif
  }
}
