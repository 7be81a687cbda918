import StepwiseCommands

Stepwise.main(arguments: Array(CommandLine.arguments.dropFirst()))
