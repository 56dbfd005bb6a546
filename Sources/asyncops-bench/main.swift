import Glibc

// `swift run -c release asyncops-bench [CASE...] [--json] [--quick]`; see `--help`.
// `--mode pinned` pins the process now, before the first `await` starts a pool thread: threads
// inherit the mask of the thread that creates them.
SchedulingMode.requested(in: CommandLine.arguments)?.apply()
exit(await BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
