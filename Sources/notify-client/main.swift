import NotifyUsersClientCommand

await NotifyClient.start()
