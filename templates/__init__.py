"""The rules-reference and player-aid templates, shipped as ``portolan.templates`` (setup.py).

This file only lets an editable install find the folder.
"""
