"""The lesson notebooks: their shape, their numbers, their Predicts."""
