// swift-tools-version: 6.0
import PackageDescription

/// Settings shared by every target of the package.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Stepwise",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stepwise", targets: ["stepwise"]),
        .library(name: "TutorialModel", targets: ["TutorialModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // cmark, the CommonMark reference parser in C (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
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
        // The HTML site: view models, Mustache rendering of templates/, highlighting, sanitizing.
        .target(
            name: "Site",
            dependencies: [
                "TutorialModel",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // swift-argument-parser commands.
        .target(
            name: "StepwiseCommands",
            dependencies: [
                "TutorialModel", "DocFXDialect", "StepwiseDiagnostics", "Site",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "stepwise", dependencies: ["StepwiseCommands"], swiftSettings: strictSettings),

        .target(
            name: "StepwiseTestSupport",
            dependencies: ["TutorialModel", "DocFXDialect", "StepwiseDiagnostics"],
            path: "Tests/StepwiseTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommonMarkTests",
            dependencies: ["CommonMark", "StepwiseTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DocFXDialectTests",
            dependencies: ["DocFXDialect", "StepwiseTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TutorialModelTests",
            dependencies: ["TutorialModel", "StepwiseTestSupport"],
            resources: [.copy("Gold")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SiteTests",
            dependencies: ["Site", "TutorialModel", "DocFXDialect", "StepwiseTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StepwiseCommandsTests",
            dependencies: ["StepwiseCommands", "StepwiseTestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
