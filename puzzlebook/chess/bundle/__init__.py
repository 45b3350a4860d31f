"""The bundle maker's rules: which rows of the Lichess puzzle CSV are candidates, and which of them a
band takes. Pure: the maker that reads the CSV and writes `shards/` is ops/bundle/.

    scan     one pass over the CSV's bytes: each slice's candidates (in worker processes for a big file)
    choose   each band's puzzles, the motif cap, top-ups
    replay   a row's line, replayed with python-chess

The functions never import this package: it is a build tool, left out of the Lambda package.
"""
