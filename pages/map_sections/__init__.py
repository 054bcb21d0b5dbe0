"""The Map page's sections (pages/map.py composes them): its area, cell panel, first paint,
reads ahead, state and time. No other page uses them."""
