import Glibc

// `swift run -c release asyncops-bench [CASE...] [--json] [--quick]`; see `--help`.
exit(await BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
