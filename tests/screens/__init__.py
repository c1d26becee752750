"""Screens that exist only for the tests, found like real ones:
`ui.screens.discover("tests.screens")` (tests/conftest.py)."""
