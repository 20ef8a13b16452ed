"""The languages: catalogues, translated games, widgets and lessons."""
