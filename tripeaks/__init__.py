"""TriPeaks solitaire: rules engine, notation, solver and the bridge the web app calls."""

__version__ = "0.1.0"
