"""The game descriptions, shipped as the package data ``portolan.components`` (see setup.py).

Each game is a folder with a game.yaml; this file only lets an editable install find the folder.
"""
