"""`GET /_sandbox/fixtures` (with `--admin` only): notable ids that tests discover instead of hard-coding."""

from __future__ import annotations

from fastapi import APIRouter, Request

from sandbox.data_api.comps_fixtures import comps_fixtures
from sandbox.data_api.sql_properties import PropertyQueries

router = APIRouter(prefix="/_sandbox", tags=["sandbox control"])


@router.get("/fixtures", summary="Notable ids of this dataset (retired, merged, awkward, multi-market...)")
def fixtures(request: Request) -> dict:
    runtime = request.app.state.data_api
    db = runtime.db
    # Tests ask for these again and again, and each asking ran some thirty queries: kept for the
    # data's state and for the next publish of news in Texas, which `news_targets` names.
    key = ("fixtures", runtime.publishing.news_published("TX"))
    return {"data": db.memo(key, lambda: {**db.fixtures(), **PropertyQueries(db).fixtures(), **comps_fixtures(db),
                                          "news_targets": runtime.news_targets("TX")})}
