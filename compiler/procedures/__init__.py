"""Procedures as data: generic kinds the rulesets bind with their own numbers.

core.py      Dice, a step's result, the operation signature, ProcedureError
kinds.py     every kind Casebook implements, by name -> its operations
<kind>.py    one module per kind (opposed_pool.py, table_lookup.py …), pure functions
resolve.py   run a bound procedure step by step (`casebook resolve`)
replay.py    replay a worked example through its procedure (`casebook examples`)
"""
