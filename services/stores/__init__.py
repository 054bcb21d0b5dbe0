"""Where state lives between requests: one `CacheStore` interface and what stands on it.

memory.py          `CacheStore` (the interface) and `MemoryStore` (this process, cachetools)
redis_store.py     `RedisStore`: the same on a Redis the replicas share, values HMAC-signed
resilient.py       `ResilientStore`: Redis, else this process's memory while it does not answer
login_store.py     pending marketplace logins by `state`: single use, ten minutes
login_sessions.py  login sessions: tokens sealed at rest by an opaque id, refreshed under a lock

The Data API's version-keyed cache over a store is `services.data_api.cache`.
"""
