"""Players and solvers built only on the games' public functions."""
