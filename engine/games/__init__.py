"""Game modules: one package per game, each exposing ``make_game()``."""
