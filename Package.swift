// swift-tools-version: 6.0
import PackageDescription

/// Every target is compiled in the Swift 6 language mode (complete strict concurrency checking is
/// the default there); `upcomingFeatures` below only turns on what Swift 6 does not yet enable.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")

]

let package = Package(
  name: "AsyncOps",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "AsyncOps", targets: ["AsyncOps"]),
    .library(name: "AsyncOpsTesting", targets: ["AsyncOpsTesting"]),
    .library(name: "MarbleNotation", targets: ["MarbleNotation"]),
    .library(name: "PushReference", targets: ["PushReference"]),
    .library(name: "BrewSearch", targets: ["BrewSearch"]),
    .executable(name: "brew-search", targets: ["brew-search-cli"]),
    .executable(name: "asyncops-bench", targets: ["asyncops-bench"]),
  ],
  targets: [
    .target(name: "AsyncOps", swiftSettings: strictSettings),
    .target(name: "MarbleNotation", swiftSettings: strictSettings),
    .target(
      name: "AsyncOpsTesting", dependencies: ["AsyncOps", "MarbleNotation"],
      swiftSettings: strictSettings),
    .target(name: "PushReference", dependencies: ["MarbleNotation"], swiftSettings: strictSettings),
    // The wide byte scan of the search (AVX2 / AVX-512BW, chosen at run time): C, because Swift
    // has no per-function CPU target (see Sources/BrewScanKernel/BrewScanKernel.c).
    .target(name: "BrewScanKernel"),
    .target(
      name: "BrewSearch", dependencies: ["AsyncOps", "PushReference", "BrewScanKernel"],
      swiftSettings: strictSettings),
    .target(
      name: "MarbleEngines",
      dependencies: ["AsyncOps", "AsyncOpsTesting", "PushReference", "MarbleNotation"],
      swiftSettings: strictSettings),
    .target(
      name: "BrewSearchReplay",
      dependencies: ["BrewSearch", "AsyncOps", "AsyncOpsTesting", "PushReference"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "brew-search-cli",
      dependencies: [
        "BrewSearch", "BrewSearchReplay", "MarbleEngines", "AsyncOps", "AsyncOpsTesting",
        "PushReference", "MarbleNotation",
      ],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "asyncops-bench",
      dependencies: [
        "AsyncOps", "AsyncOpsTesting", "BrewSearch", "BrewSearchReplay", "PushReference",
      ],
      swiftSettings: strictSettings),
    // What several test targets share (the seeded random generator, the `.runsAlone` trait); not
    // a product.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
    .testTarget(
      name: "AsyncOpsTests", dependencies: ["AsyncOps", "AsyncOpsTesting", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "AsyncOpsTestingTests",
      dependencies: ["AsyncOps", "AsyncOpsTesting", "MarbleNotation", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "PushReferenceTests",
      dependencies: ["PushReference", "MarbleNotation", "TestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "BrewSearchTests",
      dependencies: [
        "BrewSearch", "BrewSearchReplay", "AsyncOps", "AsyncOpsTesting", "PushReference",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ConformanceTests",
      dependencies: [
        "MarbleEngines", "AsyncOps", "AsyncOpsTesting", "PushReference", "MarbleNotation",
        "TestSupport",
      ],
      swiftSettings: strictSettings),
    // The executable too: its terminal code (key decoding, the screen, the key thread) is tested
    // in-process as well as through the built `brew-search`.
    .testTarget(
      name: "CLITests",
      dependencies: [
        "BrewSearch", "MarbleEngines", "MarbleNotation", "brew-search-cli", "TestSupport",
      ],
      swiftSettings: strictSettings),
    // The benchmark's pure parts: option parsing, the scheduling modes' target judgement.
    .testTarget(
      name: "BenchTests", dependencies: ["asyncops-bench"], swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
