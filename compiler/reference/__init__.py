"""The reference engine: look-up, procedures and the replay of worked examples."""
