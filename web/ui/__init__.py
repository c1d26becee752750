"""The table's user interface: renders engine views, turns clicks into actions."""
