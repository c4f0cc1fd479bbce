"""What every refusal the engine raises carries across the bridge: a reason code
and its values, which the page and the command line word from the catalogs
(``error-<reason>``, placeholders named as the values), beside the English
``str(exc)`` that Python users and logs read."""

from __future__ import annotations

Value = str | int | float | None
"""A value a refusal's message puts in a placeholder: an identifier or a number."""


class Refusal(ValueError):
    """A request the engine refuses. ``reason``: a stable lowercase-dashed code
    (the class's own when none is given); ``values``: the message's placeholders."""

    reason = "bad-request"

    def __init__(self, message: str, reason: str | None = None, **values: Value) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.values: dict[str, Value] = values

    @classmethod
    def like(cls, message: str, error: Refusal) -> Refusal:
        """This class's refusal, with ``message``, for the reason ``error`` gives."""
        return cls(message, error.reason, **error.values)
