"""Example logs and end positions, shipped inside Portolan as ``portolan.examples`` (setup.py)
and written out by ``portolan examples``. A package only so that an editable install maps it."""
