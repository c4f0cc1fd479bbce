"""The window sizes the app is tested at, named once: phones upright and on their
side, and a computer. Tests pick theirs by name with :func:`windows`."""

from __future__ import annotations

WINDOWS = {
    "phone": (390, 844),  # a common phone (iPhone 12 to 15)
    "small": (320, 568),  # the narrowest phone still in use (iPhone SE, first model)
    "large": (430, 932),  # a large phone (iPhone Pro Max)
    "landscape": (844, 390),  # the common phone on its side
    "small-landscape": (568, 320),  # the narrowest phone on its side
    "desktop": (1440, 900),  # a laptop or desktop window
}


def windows(*names: str) -> dict[str, tuple[int, int]]:
    """The named sizes of :data:`WINDOWS`, in the order given."""
    return {name: WINDOWS[name] for name in names}
