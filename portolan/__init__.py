"""Portolan: print-and-play sheets, rules references and a turn-log checker."""

__version__ = "0.1.0"
# The name pip knows Portolan by (``portolan`` on the package index is an unrelated project);
# the command and the import name stay ``portolan``.
DISTRIBUTION = "portolan-games"
