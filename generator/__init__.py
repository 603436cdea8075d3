"""The printer: component model -> neutral drawings -> PDF / SVG / PNG sheets."""
