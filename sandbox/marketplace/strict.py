"""Strict request schemas (marketplace-api.md, Endpoints): unknown query or body fields answer
`400 unknown_parameter` naming them; a body that is not JSON answers `400 invalid_body`;
a body of the wrong shape `422 validation_failed` (on `--variety`, free text longer than that host
keeps too: sandbox/marketplace/variety.py)."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from fastapi import Request
from pydantic import BaseModel, ValidationError

from sandbox.core.problems import Problem
from sandbox.marketplace import variety
from sandbox.marketplace.wire import varied

Model = TypeVar("Model", bound=BaseModel)


def _unknown(names: list[str], where: str) -> Problem:
    return Problem(
        400, "unknown_parameter", f"Unknown {where} parameter(s): {', '.join(names)}.",
        recovery=f"Remove the unknown {where} parameters; every schema is strict.",
        unknown_parameters=names,
    )


def check_query(request: Request, allowed: set[str] = frozenset()) -> None:
    unknown = sorted({name for name in request.query_params if name not in allowed})
    if unknown:
        raise _unknown(unknown, "query")


def parse_body(request: Request, raw: bytes, model: type[Model], *, optional: bool = False) -> Model:
    """The JSON body as `model`; an empty body counts as `{}` where the body is optional."""
    if not raw.strip() and optional:
        document: Any = {}
    else:
        if not request.headers.get("content-type", "").split(";")[0].strip() == "application/json":
            raise Problem(
                400, "invalid_body", "The body must be JSON sent with Content-Type: application/json.",
                recovery="Send a JSON object with the header Content-Type: application/json.",
            )
        try:
            document = json.loads(raw)
        except ValueError:
            raise Problem(400, "invalid_body", "The body is not valid JSON.",
                          recovery="Send a JSON object with the header Content-Type: application/json.") from None
    if not isinstance(document, dict):
        raise Problem(400, "invalid_body", "The body must be a JSON object.",
                      recovery="Send a JSON object with the header Content-Type: application/json.")
    unknown = sorted(name for name in document if name not in model.model_fields)
    if unknown:
        raise _unknown(unknown, "body")
    if varied(request) and (too_long := variety.text_refusals(document)):
        raise Problem(422, "validation_failed", "Some text is longer than this host keeps.",
                      recovery="Shorten the named fields and send the request again.", errors=too_long)
    try:
        return model.model_validate(document)
    except ValidationError as invalid:
        errors = [
            {"param": ".".join(str(part) for part in error["loc"]) or "body", "message": error["msg"]}
            for error in invalid.errors()
        ]
        names = ", ".join(dict.fromkeys(e["param"] for e in errors))
        raise Problem(
            422, "validation_failed", f"Invalid value for {names}.",
            recovery="Correct the named fields and send the request again.", errors=errors,
        ) from None
