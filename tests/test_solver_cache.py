"""The analysis of the package's encodings kept on disk (solver._cached_infos): read back, it is
the analysis made afresh; a damaged or foreign file is ignored, and an unwritable folder only
means no cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from mtgasp import solver

PARTS = ("base", "apply")


def _stms() -> tuple:
    program = solver.parsed_parts()
    return tuple(stm for part in PARTS for stm in program.get(part, ()))


def _plain(infos: tuple) -> list:
    return [(str(i.stm), i.heads, i.required, i.mentions, i.bound) if isinstance(i, solver._RuleInfo)
            else str(i) for i in infos]


def test_the_kept_analysis_is_the_fresh_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(tmp_path))
    fresh = solver._rule_infos(_stms())
    assert solver._cached_infos(_stms(), PARTS) is None  # nothing kept yet
    solver._save_infos(fresh, PARTS)
    assert len(list(tmp_path.iterdir())) == 1
    kept = solver._cached_infos(_stms(), PARTS)
    assert kept is not None
    assert _plain(kept) == _plain(fresh)
    assert any(i.bound for i in kept if isinstance(i, solver._RuleInfo))  # rewritten rules too
    # every statement read back, a rewritten rule too, keeps its place in the encodings (line and
    # column of the statement parsed): tools/rule_coverage.py matches rules by it (a warm cache once
    # made it report rules that fire, casting.lp's cast_face/3 among them, as never firing)
    def where(loc: object) -> tuple:
        return (loc.begin.line, loc.begin.column, loc.end.line, loc.end.column)  # type: ignore[attr-defined]
    parsed = [stm for stm in _stms() if stm.ast_type != solver.ast.ASTType.Comment]
    assert len(parsed) == len(kept)
    assert [where(i.stm.location if isinstance(i, solver._RuleInfo) else i.location) for i in kept] == \
        [where(stm.location) for stm in parsed]


def test_a_damaged_file_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(tmp_path))
    path = solver._cache_file(PARTS)
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", "[]", "[[1, 2]]", '"x"'):
        path.write_text(text)
        assert solver._cached_infos(_stms(), PARTS) is None


def test_another_part_or_encoding_has_another_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(tmp_path))
    assert solver._cache_file(("base",)) != solver._cache_file(PARTS)


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(blocker / "sub"))  # a folder can't be made under a file
    solver._save_infos(solver._rule_infos(_stms()[:50]), PARTS)
    assert solver._cached_infos(_stms(), PARTS) is None
    assert blocker.read_text() == ""


def test_no_home_folder_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without $HOME (nor $XDG_CACHE_HOME, $MTGASP_CACHE_DIR) nothing is written, least of all
    a "~" folder in the working directory."""
    monkeypatch.delenv("MTGASP_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr("os.path.expanduser", lambda p: p)
    monkeypatch.chdir(tmp_path)
    solver._save_infos(solver._rule_infos(_stms()[:20]), PARTS)
    assert solver._cached_infos(_stms(), PARTS) is None
    assert list(tmp_path.iterdir()) == []
