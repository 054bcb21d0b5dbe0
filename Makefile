# deedscope: `make run` starts the app on the embedded sandbox; `make test` runs every test.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: run test sandbox bench chromium clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/streamlit run app.py

sandbox: $(STAMP)
	$(PY) -m sandbox --admin

# Browser tests drive Debian's chromium; install it when missing (root only, as on CI).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else echo "chromium missing: run 'sudo apt-get install -y chromium'" >&2; exit 1; fi; \
	fi

test: $(STAMP) chromium
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .data
