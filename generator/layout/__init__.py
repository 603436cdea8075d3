"""Paper layout: how many items fit a page, where, with which bleed and crop marks."""
