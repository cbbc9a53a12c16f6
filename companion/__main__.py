"""`python -m companion` runs the `companion` command.

A program, never imported by the core: it only hands over to the composition root,
companion_cli, which lives outside the core (the one exemption in tests/test_layering.py).
"""

from companion_cli import main

if __name__ == "__main__":  # not when a spawned process (the watcher's whole decode) loads it
    main()
