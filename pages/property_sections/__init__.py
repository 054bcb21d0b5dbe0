"""The Properties page's sections (pages/properties.py composes them): a property's comparable sales
and its comp sheet. No other page uses them."""
