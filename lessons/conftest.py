# The build helper is a script, not a test module.
collect_ignore = ["_build.py"]
