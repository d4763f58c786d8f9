"""mtgasp: a Magic: The Gathering rules checker written in Answer Set Programming."""

from mtgasp.errors import InputError, Problem

__all__ = ["Checker", "InputError", "Problem", "__version__"]
__version__ = "0.1.0"


def __getattr__(name: str):  # lazy: importing mtgasp must not load clingo
    if name == "Checker":
        from mtgasp.api import Checker

        return Checker
    raise AttributeError(name)
