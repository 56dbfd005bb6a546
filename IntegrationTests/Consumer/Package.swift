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
