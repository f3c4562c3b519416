"""Speed and node-count benchmarks for advsearch.

Run ``python -m benchmarks`` (or ``make bench``) for the full table, and
``python -m benchmarks --quick`` for a one-round smoke run without the peer
libraries.  See ``benchmarks/README.md`` for what each row measures.
"""
