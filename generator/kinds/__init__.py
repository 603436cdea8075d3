"""One module per component kind: each turns a validated spec into drawings."""
