"""The version of sprague (one place: the package, its cache files and ``--version`` read it)."""

__version__ = "0.2.0"
