"""The tests of sette-kit, in folders that mirror the package (README.md, "Tests")."""
