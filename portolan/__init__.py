"""Portolan: print-and-play sheets, rules references and a turn-log checker."""

__version__ = "0.1.0"
