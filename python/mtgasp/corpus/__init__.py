"""The built-in rulings corpus: one scenario file per official ruling."""
