"""Games that exist only for the tests, registered like real ones:
`engine.registry.discover("tests.games")` (tests/conftest.py)."""
