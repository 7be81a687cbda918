import StepwiseServer

await ServeCommand.start()
