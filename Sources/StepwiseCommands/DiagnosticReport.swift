import StepwiseDiagnostics

/// Prints a run's diagnostics on standard error, one `path:line:col: severity: message [id]` line
/// each, and ends the command with the status `--fail-on` decides.
struct DiagnosticReport {
    var diagnostics: [Diagnostic]

    func print() {
        for diagnostic in diagnostics { Console.current.error(diagnostic.formatted + "\n") }
    }

    /// Throws the exit status when it is not 0.
    func exit(failOn: FailOn) throws {
        let status = failOn.exitStatus(diagnostics.map(\.severity))
        if status != 0 { throw InputFailure(exitCode: status) }
    }

    func finish(failOn: FailOn) throws {
        print()
        try exit(failOn: failOn)
    }
}
