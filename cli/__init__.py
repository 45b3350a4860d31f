"""The subcommands of build.py, one module each: argument parsing and printing
only. The work is done by puzzlebook/, sitebuild/ and functions/."""
