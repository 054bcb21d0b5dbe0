"""Streamlit adapter around services (owned by the app-shell work; see docs/architecture.md)."""
