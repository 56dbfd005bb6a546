// swift-tools-version: 6.0
import PackageDescription

// An app's view of AsyncOps: depends on the repository's root package by relative path and uses
// only its public products. `.ci/run` builds and runs it in debug and release.
//
// A path dependency's identity is its folder's name, which depends on where the repository was
// cloned, so it is computed rather than spelled out.
let rootIdentity = String(
  Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "AsyncOps")

let package = Package(
  name: "AsyncOpsConsumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "AsyncOpsConsumer",
      dependencies: [
        .product(name: "AsyncOps", package: rootIdentity),
        .product(name: "BrewSearch", package: rootIdentity),
      ]),
    // docs/saa-migration/main.swift (a link): a program written for swift-async-algorithms with
    // only its import changed. `.ci/run` runs it and compares what it prints with the output it
    // printed on swift-async-algorithms 1.1.5 (docs/saa-migration/expected-output.txt).
    .executableTarget(
      name: "SAAProgram",
      dependencies: [.product(name: "AsyncOps", package: rootIdentity)]),
    // Every public declaration of swift-async-algorithms 1.1.5, used the loosest way its callers
    // may (scripts/check-saa-compatibility-coverage checks that none is missing).
    .target(
      name: "SAACompatibility",
      dependencies: [.product(name: "AsyncOps", package: rootIdentity), "LocalClocks"]),
    // A generic clock named `TestClock`, as pointfreeco's swift-clocks has: it must stay
    // spellable as `TestClock<Duration>` in a file that also imports AsyncOps.
    .target(name: "LocalClocks"),
    .testTarget(
      name: "SAACompatibilityTests",
      dependencies: [
        "SAACompatibility", "LocalClocks", .product(name: "AsyncOps", package: rootIdentity),
      ]),
    .testTarget(
      name: "AsyncOpsConsumerTests",
      dependencies: [
        .product(name: "AsyncOps", package: rootIdentity),
        .product(name: "AsyncOpsTesting", package: rootIdentity),
        .product(name: "BrewSearch", package: rootIdentity),
        .product(name: "MarbleNotation", package: rootIdentity),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
