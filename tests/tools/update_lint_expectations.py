"""Record the reviewed lint findings of every ruleset (tests/data/lint/<game>.json).

Run after reviewing a change in findings by hand; the test then holds the
linter to exactly these. Gaps (info) are counted, not listed.

    python tests/tools/update_lint_expectations.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from compiler.diagnostics import Severity  # noqa: E402
from compiler.lint import lint_game  # noqa: E402


def summary(game_dir: Path) -> dict:
    findings, ok = lint_game(game_dir, ROOT)
    assert ok, game_dir
    listed = [
        {
            "code": f.code,
            "rule": f.rule,
            "target": f.target,
            "status": f.status,
            "fixed_by": f.fixed_by,
        }
        for f in findings
        if f.severity is not Severity.INFO
    ]
    gaps = sum(1 for f in findings if f.severity is Severity.INFO)
    return {"findings": listed, "gaps": gaps}


def main() -> None:
    for game_dir in sorted((ROOT / "rulesets").iterdir()):
        if (game_dir / "game.yaml").exists():
            out = ROOT / "tests" / "data" / "lint" / f"{game_dir.name}.json"
            out.write_text(json.dumps(summary(game_dir), indent=1, ensure_ascii=False) + "\n")
            print(out)


if __name__ == "__main__":
    main()
