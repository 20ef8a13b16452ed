"""The widgets, driven headless."""
