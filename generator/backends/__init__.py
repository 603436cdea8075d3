"""Thin renderers of ``generator.draw`` drawings: PDF (reportlab), SVG (svgwrite), PNG (pdfium)."""
