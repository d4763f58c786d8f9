"""Regenerate the template tables of docs/import-templates.md from mtgasp.oracle.TEMPLATES.

    .venv/bin/python tools/gen_import_templates_doc.py
"""

from pathlib import Path

from mtgasp.oracle import templates_markdown

DOC = Path(__file__).resolve().parents[1] / "docs" / "import-templates.md"
MARK = "## The templates\n"

text = DOC.read_text(encoding="utf-8")
head = text[: text.index(MARK) + len(MARK)]
DOC.write_text(head + templates_markdown(), encoding="utf-8")
print(f"wrote {DOC}")
