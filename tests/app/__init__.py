"""Delivery: serve, the static site, the CLI, packaging, the class hub, the theme."""
