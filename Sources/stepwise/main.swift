import Foundation
import StepwiseCommands

exit(Stepwise.run(arguments: Array(CommandLine.arguments.dropFirst())))
