"""The buyer's proof-of-funds letter: read it, upload a new one through a slot
(marketplace-api.md, Endpoints and Upload slot; decisions.md, Marketplace)."""

from __future__ import annotations

from services.contract import PROOF_LIMITS, PROOF_OF_FUNDS_CONTENT_TYPE
from services.errors import ApiStatusError, InvalidInputError
from services.marketplace_api.checks import step_key
from services.marketplace_api.desk_checks import require_within
from services.marketplace_api.models import ProofOfFundsLetter, UploadSlot
from services.marketplace_api.resources import MarketplaceResource


class MarketplaceProofOfFunds(MarketplaceResource):
    def retrieve(self) -> ProofOfFundsLetter | None:
        """The letter on file, or None where the host has no such read (the sandbox's
        `GET /buy/me/proof-of-funds`; docs/contract.md)."""
        try:
            return self._api.get("/buy/me/proof-of-funds", ProofOfFundsLetter)
        except ApiStatusError as error:
            if error.status in (404, 405):
                return None
            raise

    def upload(self, *, filename: str, content: bytes, lender_name: str, expires_at: str,
               idempotency_key: str) -> ProofOfFundsLetter:
        """Ask for a slot, send the PDF to it as a multipart POST with its `fields`, then finish;
        the slot and the finishing call each keyed from the action's key (`step_key`)."""
        if not content.startswith(b"%PDF"):
            raise InvalidInputError("file", "choose a PDF document")
        require_within(PROOF_LIMITS, {"lender_name": lender_name})
        slot = self._api.post(
            "/buy/me/proof-of-funds/uploads",
            UploadSlot,
            body={"filename": filename, "content_type": PROOF_OF_FUNDS_CONTENT_TYPE, "size_bytes": len(content)},
            idempotency_key=step_key(idempotency_key, "slot"),
        )
        if slot.max_bytes and len(content) > slot.max_bytes:
            raise InvalidInputError("file", f"the document must be at most {slot.max_bytes:,} bytes")
        content_type = slot.content_type or PROOF_OF_FUNDS_CONTENT_TYPE
        self._api.upload(slot.url, fields=dict(slot.fields), file=(filename, content, content_type))
        body = {"key": slot.key, "lender_name": lender_name.strip(), "expires_at": expires_at}
        return self._api.post("/buy/me/proof-of-funds", ProofOfFundsLetter, body=body,
                              idempotency_key=step_key(idempotency_key, "finish"))
