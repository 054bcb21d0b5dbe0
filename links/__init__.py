"""Each page's URL codec, as plain Python: `parse(params) -> Link` and `write(link) -> params`.

A link reopens what a person saw, so each codec round-trips (`parse(write(x)) == x`,
tests/links). `params` is the query as Streamlit holds it (`{name: value or [values]}`);
`write` leaves out what is unset. No Streamlit here: a page reads and writes its URL with
`adapter.routing.url_params` / `set_url_params`. The Map page's codec is `links.map`.
"""
