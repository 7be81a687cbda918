import StepwiseDiagnostics

extension DiagnosticEngine {
    /// Prints every diagnostic on standard error (`path:line:col: severity: message [id]`).
    func print() {
        flush(to: [TextDiagnosticConsumer { Console.current.error($0) }])
    }

    /// Prints `diagnostics` on standard error, in the order given.
    static func print(_ diagnostics: [Diagnostic]) {
        TextDiagnosticConsumer { Console.current.error($0) }.consume(diagnostics)
    }

    /// Ends the command with the status `failOn` decides from the diagnostics, when it is not 0.
    func exit(failOn: FailOn) throws {
        let status = failOn.exitStatus(severities)
        if status != 0 { throw InputFailure(exitCode: status) }
    }
}
