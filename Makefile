# deedscope: `make run` starts the app on the embedded sandbox; `make test` runs every test.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# The map element's script (components/map_element.py), built from frontend/ with npm.
FRONTEND   := frontend
NODE_DEPS  := $(FRONTEND)/node_modules/.package-lock.json
MAP_SCRIPT := $(FRONTEND)/dist/map_element.js

.PHONY: run test test-fast sandbox bench chromium servers node frontend clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Node.js and npm build the map's script; install them when missing (root only, as on CI).
node:
	@if ! command -v npm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm; \
	  else echo "npm missing: install Node.js 18+ and npm (e.g. 'sudo apt-get install -y nodejs npm')" >&2; exit 1; fi; \
	fi

$(NODE_DEPS): $(FRONTEND)/package.json $(FRONTEND)/package-lock.json | node
	cd $(FRONTEND) && npm ci --no-audit --no-fund

$(MAP_SCRIPT): $(NODE_DEPS) $(wildcard $(FRONTEND)/src/*.js) $(wildcard $(FRONTEND)/src/*.json)
	cd $(FRONTEND) && npm run --silent build

frontend: $(MAP_SCRIPT)

run: $(STAMP) $(MAP_SCRIPT)
	$(VENV)/bin/streamlit run app.py

sandbox: $(STAMP)
	$(PY) -m sandbox --admin

# Browser tests drive Debian's chromium; install it when missing (root only, as on CI).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else echo "chromium missing: run 'sudo apt-get install -y chromium'" >&2; exit 1; fi; \
	fi

# The replicas' journey and benchmark start their own Redis and HAProxy on free loopback
# ports: Debian's redis-server and haproxy, installed when missing (root only, as on CI).
servers:
	@if [ ! -x /usr/bin/redis-server ] || [ ! -x /usr/sbin/haproxy ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server haproxy; \
	  else echo "redis-server or haproxy missing: run 'sudo apt-get install -y redis-server haproxy'" >&2; exit 1; fi; \
	fi

# Every test on every core, the page tests whose outcome depends on the data's shape twice: on the
# default sandbox and on its `--variety` profile (issue 30: what a live host may send); a table of
# each phase's wall time and the 20 slowest tests ends it (devtools/test_phases.py).
test: $(STAMP) $(MAP_SCRIPT) chromium servers
	$(PY) -m devtools.test_phases

# The developer's loop: everything but the browser journeys and the pages run by AppTest.
test-fast: $(STAMP)
	$(PY) -m devtools.test_phases fast

bench: $(STAMP) $(MAP_SCRIPT) servers
	$(PY) -m bench

clean:
	rm -rf $(VENV) .data $(FRONTEND)/node_modules $(FRONTEND)/dist
