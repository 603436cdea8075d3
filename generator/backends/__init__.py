"""Thin renderers of ``portolan.generator.draw`` drawings: PDF (reportlab), SVG (svgwrite), PNG
(pdfium)."""
