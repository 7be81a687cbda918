// swift-tools-version: 6.0
import PackageDescription

/// Settings shared by every target of the package.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The command-line tools' allocator on Linux: jemalloc, whose per-thread caches serve the parallel
/// stages' many small allocations without the contention and consolidation of glibc's malloc.
let allocator: [LinkerSetting] = [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]

let package = Package(
    name: "Stepwise",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stepwise", targets: ["stepwise"]),
        .library(name: "TutorialModel", targets: ["TutorialModel"]),
        .library(name: "ContractGen", targets: ["ContractGen"]),
        .executable(name: "notify-server", targets: ["notify-server"]),
        .executable(name: "notify-client", targets: ["notify-client"]),
        .executable(name: "stepwise-fuzz", targets: ["stepwise-fuzz"]),
        .executable(name: "stepwise-serve", targets: ["stepwise-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // cmark, the CommonMark reference parser in C (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // One C function: swapping two folders atomically (renameat2), for the site writer.
        .target(name: "CAtomicExchange"),
        // Diagnostics and source locations; no local dependencies.
        .target(name: "StepwiseDiagnostics", swiftSettings: strictSettings),
        // The only module that imports CCmark: parse → immutable Swift tree with source ranges.
        .target(
            name: "CommonMark",
            dependencies: ["CCmark", "StepwiseDiagnostics"],
            swiftSettings: strictSettings
        ),
        // DocFX/Azure Markdown dialect: reading, metadata, normalization, includes, spans, alerts.
        .target(
            name: "DocFXDialect",
            dependencies: ["CommonMark", "StepwiseDiagnostics", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Tutorial, Section, Step, CodeSample: extraction and code-sample repair.
        .target(
            name: "TutorialModel",
            dependencies: ["DocFXDialect", "CommonMark", "StepwiseDiagnostics"],
            resources: [.process("Resources")],
            swiftSettings: strictSettings
        ),
        // The workspace: stepwise.yml, document discovery, every document read and modelled once.
        .target(
            name: "StepwiseWorkspace",
            dependencies: ["DocFXDialect", "TutorialModel", "StepwiseDiagnostics", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Alignment of translations and editions with their source; drift, staleness and corruption lint.
        .target(
            name: "Localization",
            dependencies: ["TutorialModel", "DocFXDialect", "StepwiseDiagnostics"],
            resources: [.process("Resources")],
            swiftSettings: strictSettings
        ),
        // Contract facts and skeleton from the tutorial's code → Swift descriptions → one renderer.
        .target(
            name: "ContractGen",
            dependencies: ["TutorialModel", "DocFXDialect", "StepwiseDiagnostics"],
            swiftSettings: strictSettings
        ),
        // The HTML site: view models, Mustache rendering of templates/, highlighting, sanitizing.
        .target(
            name: "Site",
            dependencies: [
                "CommonMark", "TutorialModel", "DocFXDialect", "StepwiseDiagnostics", "CAtomicExchange",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // swift-argument-parser commands.
        .target(
            name: "StepwiseCommands",
            dependencies: [
                "TutorialModel", "DocFXDialect", "StepwiseDiagnostics", "StepwiseWorkspace", "Localization", "ContractGen", "Site",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Linked with jemalloc (Debian `libjemalloc-dev`, installed by scripts/setup): the stages allocate
        // millions of small strings and arrays on every core, and glibc's allocator was a tenth of a run.
        .executableTarget(name: "stepwise", dependencies: ["StepwiseCommands"], swiftSettings: strictSettings, linkerSettings: allocator),
        // The front end under fuzzing: one input through `stepwise check` in a scratch project, with a
        // deterministic mutation fuzzer; `stepwise-fuzz` is a libFuzzer target when built by scripts/fuzz.
        .target(name: "StepwiseFuzzing", dependencies: ["StepwiseCommands"], swiftSettings: strictSettings),
        .executableTarget(name: "stepwise-fuzz", dependencies: ["StepwiseFuzzing"], swiftSettings: strictSettings),
        // `stepwise serve`: the site on localhost, rebuilt in process on change, with live reload. Its own
        // executable (`stepwise serve` runs it), so that building `stepwise` never compiles Hummingbird/NIO.
        .target(
            name: "StepwiseServer",
            dependencies: [
                "StepwiseCommands", "Site",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "stepwise-serve", dependencies: ["StepwiseServer"], swiftSettings: strictSettings, linkerSettings: allocator),

        // The contract generated by `stepwise build` from the tutorial (do not edit; regenerate).
        .target(name: "NotifyUsersContract", path: "generated/swift", swiftSettings: strictSettings),
        // Reference backend on Hummingbird 2, conforming to the generated contract.
        .target(
            name: "NotifyUsersBackend",
            dependencies: [
                "NotifyUsersContract",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        // Platform-independent client logic with an injectable transport and key-value store.
        .target(name: "NotifyUsersClient", dependencies: ["NotifyUsersContract"], swiftSettings: strictSettings),
        // Commands of the two executables (main.swift only calls them).
        .target(
            name: "NotifyUsersServerCommand",
            dependencies: ["NotifyUsersBackend", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NotifyUsersClientCommand",
            dependencies: ["NotifyUsersClient", "NotifyUsersContract", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "notify-server", dependencies: ["NotifyUsersServerCommand"], swiftSettings: strictSettings),
        .executableTarget(name: "notify-client", dependencies: ["NotifyUsersClientCommand"], swiftSettings: strictSettings),

        .target(
            name: "StepwiseTestSupport",
            dependencies: ["TutorialModel", "DocFXDialect", "StepwiseDiagnostics"],
            path: "Tests/StepwiseTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StepwiseDiagnosticsTests",
            dependencies: ["StepwiseDiagnostics"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommonMarkTests",
            dependencies: ["CommonMark", "StepwiseTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocFXDialectTests",
            dependencies: ["DocFXDialect", "StepwiseTestSupport", .product(name: "Yams", package: "Yams")],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TutorialModelTests",
            dependencies: ["TutorialModel", "StepwiseTestSupport"],
            resources: [.copy("Gold"), .copy("CorpusSample")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["Localization", "StepwiseTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractGenTests",
            dependencies: ["ContractGen", "NotifyUsersContract", "StepwiseTestSupport"],
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NotifyUsersTests",
            dependencies: [
                "NotifyUsersBackend", "NotifyUsersClient", "NotifyUsersContract",
                "NotifyUsersServerCommand", "NotifyUsersClientCommand", "StepwiseTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SiteTests",
            dependencies: ["Site", "TutorialModel", "DocFXDialect", "StepwiseTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StepwiseCommandsTests",
            dependencies: ["StepwiseCommands", "StepwiseFuzzing", "StepwiseTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StepwiseServerTests",
            dependencies: [
                "StepwiseServer", "StepwiseCommands", "StepwiseTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
