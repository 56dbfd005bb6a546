import Glibc

/// The time the hypervisor gave this machine's CPUs to someone else while they had work
/// (`steal` in `/proc/stat`). On a virtual machine a repetition that lost its CPU to another guest
/// runs slower for a reason no code of the process has; read beside every repetition, it lets a
/// repetition that stands out be checked against it.
enum HostSteal {
  /// The steal time of all CPUs together since boot, in nanoseconds; `nil` where `/proc/stat` has
  /// no steal column.
  static func now() -> Double? {
    guard let text = ProcFile.read("/proc/stat"), let ticks = stealTicks(inProcStat: text) else {
      return nil
    }
    return Double(ticks) * 1e9 / Double(ticksPerSecond)
  }

  /// The `steal` column (the eighth number) of the all-CPU `cpu ` line, which opens a
  /// `/proc/stat` text, in clock ticks; `nil` when the text opens otherwise or the line is shorter.
  static func stealTicks(inProcStat text: String) -> Int? {
    // Only the first line is read: the rest (one line per CPU, every interrupt's count) is long.
    let line = text.prefix { $0 != "\n" }
    guard line.hasPrefix("cpu ") else { return nil }
    // cpu user nice system idle iowait irq softirq steal …
    let columns = line.split(separator: " ")
    return columns.count > 8 ? Int(columns[8]) : nil
  }

  /// `/proc/stat` counts in clock ticks (`USER_HZ`, 100 on Linux).
  private static let ticksPerSecond = max(sysconf(Int32(_SC_CLK_TCK)), 1)
}
