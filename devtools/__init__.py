"""Programs a developer runs around the app: the served app and the browser the tests and
benchmarks drive. No test code; `tests/` and `bench/` both import from here.
(The sandbox server is started by `services.sandbox_process`, which the app uses too.)"""
