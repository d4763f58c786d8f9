"""The mtgasp encodings (.lp files), shipped as package data and read with importlib.resources."""
