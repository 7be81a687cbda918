import Foundation
import StepwiseFuzzing

// Built with `-sanitize=fuzzer,address -DFUZZING` (scripts/fuzz), this is a libFuzzer target: libFuzzer
// owns `main` and calls `LLVMFuzzerTestOneInput` for every input. Built plainly, it is the
// deterministic mutation fuzzer with the same front end and the same promise.

/// The repository: `STEPWISE_REPOSITORY`, else the current folder.
private let repository = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["STEPWISE_REPOSITORY"] ?? FileManager.default.currentDirectoryPath,
    isDirectory: true)

#if FUZZING
nonisolated(unsafe) private var fuzzer: FrontEndFuzzer?

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

/// SwiftPM links an executable's entry point as `<module>_main`; here it hands over to libFuzzer.
@_cdecl("stepwise_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc, values = argv
    return runFuzzerDriver(&count, &values, fuzzOne)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if fuzzer == nil {
        do {
            fuzzer = try FrontEndFuzzer(repository: repository)
        } catch {
            FileHandle.standardError.write(Data("stepwise-fuzz: cannot create the scratch project: \(error)\n".utf8))
            exit(2)
        }
    }
    if let violation = fuzzer?.run(Data(bytes: data, count: size)) {
        FileHandle.standardError.write(Data("stepwise-fuzz: \(violation)\n".utf8))
        abort()
    }
    return 0
}
#else
@main
struct MutationFuzzing {
    static let usage = "usage: stepwise-fuzz [--seconds N] [--iterations N] [--random-seed N] [--dictionary FILE] [--artifacts DIR] SEED-FILE-OR-DIR..."

    static func main() {
        var seconds = 60.0, iterations = Int.max, randomSeed: UInt64 = 1
        var dictionaryFile: String?, artifacts = ".build/fuzz-artifacts", seedPaths: [String] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            func value() -> String {
                guard let value = arguments.popFirst() else { fail("\(argument) needs a value\n\(usage)", status: 2) }
                return value
            }
            switch argument {
            case "--seconds": seconds = Double(value()) ?? { fail("--seconds: not a number\n\(usage)", status: 2) }()
            case "--iterations": iterations = Int(value()) ?? { fail("--iterations: not a number\n\(usage)", status: 2) }()
            case "--random-seed": randomSeed = UInt64(value()) ?? { fail("--random-seed: not a number\n\(usage)", status: 2) }()
            case "--dictionary": dictionaryFile = value()
            case "--artifacts": artifacts = value()
            case "-h", "--help": print(usage); return
            default: seedPaths.append(argument)
            }
        }
        let seeds = seedPaths.flatMap(seedFiles).compactMap { FileManager.default.contents(atPath: $0) }
        guard !seeds.isEmpty else { fail("no seed files\n\(usage)", status: 2) }
        let dictionary = dictionaryFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map(MutationFuzzer.dictionary) ?? []
        let harness: FrontEndFuzzer
        do {
            harness = try FrontEndFuzzer(repository: repository)
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        } catch {
            fail("cannot create the scratch project: \(error)", status: 1)
        }
        var fuzzer = MutationFuzzer(seeds: seeds, dictionary: dictionary, randomSeed: randomSeed)
        let inFlight = URL(fileURLWithPath: artifacts).appendingPathComponent("in-flight.md")
        let start = Date()
        var count = 0
        while count < iterations, Date().timeIntervalSince(start) < seconds {
            let input = fuzzer.next()
            try? input.write(to: inFlight)  // left behind if the run crashes
            if let violation = harness.run(input) {
                let saved = URL(fileURLWithPath: artifacts).appendingPathComponent("violation-\(randomSeed)-\(count).md")
                try? input.write(to: saved)
                fail("iteration \(count): \(violation)\ninput saved to \(saved.path)", status: 1)
            }
            count += 1
            if count % 100 == 0 {
                print("#\(count) inputs, \(Int(Double(count) / Date().timeIntervalSince(start))) exec/s")
            }
        }
        try? FileManager.default.removeItem(at: inFlight)
        print("done: \(count) inputs in \(Int(Date().timeIntervalSince(start))) s, no violation (random seed \(randomSeed))")
    }

    /// The files under `path` (or `path` itself).
    static func seedFiles(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { fail("\(path): no such file", status: 2) }
        guard isDirectory.boolValue else { return [path] }
        let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return files.sorted().map { path + "/" + $0 }.filter { !FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) || !isDirectory.boolValue }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("stepwise-fuzz: \(message)\n".utf8))
        exit(status)
    }
}
#endif
