"""`GET /_sandbox/fixtures` (with `--admin` only): notable ids that tests discover instead of hard-coding."""

from __future__ import annotations

from fastapi import APIRouter, Request

router = APIRouter(prefix="/_sandbox", tags=["sandbox control"])


@router.get("/fixtures", summary="Notable ids of this dataset (retired, merged, awkward, multi-market...)")
def fixtures(request: Request) -> dict:
    return {"data": request.app.state.data_api.db.fixtures()}
