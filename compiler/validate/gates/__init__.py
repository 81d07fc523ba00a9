"""The schema gates, one module per file kind, generated: do not edit them.

``python -m compiler.validate.gates`` writes them from ``schema/`` after a
schema changes; compiler/validate/make_gates.py says why they are kept here.
"""
