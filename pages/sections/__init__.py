"""Sections of the pages: each a part of one page, composed by the page (pages/*.py)."""
