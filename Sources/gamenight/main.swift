print("gamenight: not built yet")
