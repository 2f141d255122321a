print("snapshots: not built yet")
