"""Carcassonne - Het Rad van Fortuin (game id "carcassonne")."""
