"""Each report format renders one small finding list exactly as its golden file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compiler.diagnostics import Finding, Location, Severity
from compiler.report import RENDERERS

GOLDENS = Path(__file__).parent / "goldens"

FINDINGS = [
    (
        "sea",
        Finding(
            "XREF001",
            Severity.ERROR,
            "'Case 8.3.7' points to Case 8.3.7, which does not exist in sea",
            Location("rulesets/sea/rules/08.yaml", 170, 64),
            suggestion="did you mean 8.3.5 (Repair DPs)?",
            rule="8.2.1f",
            target="8.3.7",
            status="fixed-by-erratum",
            fixed_by="E020",
        ),
    ),
    (
        "sea",
        Finding(
            "NAME001",
            Severity.WARNING,
            "'Arrival box' is a variant of 'Arriving box' (used 3 times)",
            Location("rulesets/sea/rules/06.yaml", 438, 54),
            suggestion="write 'Arriving box'",
            rule="6.3.10a",
            target="Arrival box",
        ),
    ),
    (
        "sea",
        Finding(
            "XREF003",
            Severity.INFO,
            "'German Card no. 14' refers to card german-14, "
            "whose contents the source does not contain",
            Location("rulesets/sea/rules/04.yaml", 60, 20),
            rule="4.1.1d",
            target="german-14",
        ),
    ),
]


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_renderer_matches_golden(fmt: str, request: pytest.FixtureRequest) -> None:
    out = RENDERERS[fmt](FINDINGS, show_all=fmt in ("json", "sarif"))
    golden = GOLDENS / (f"{fmt}.txt" if fmt in ("text", "github") else f"{fmt}.json")
    if request.config.getoption("--update-goldens"):
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


# VS Code's $gcc problem matcher (vscode-cpptools), which Emacs's compilation mode and
# Vim's default errorformat read alike: file, line and column first, then the severity.
GCC_MATCHER = re.compile(r"^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$")


def test_each_text_finding_says_its_severity_where_editors_read_it() -> None:
    """Found by the newcomer review: `path:line:col: CODE message` did not say which
    findings stop a build. The severity now follows the location, as gcc writes it."""
    out = RENDERERS["text"](FINDINGS, show_all=True).splitlines()
    heads = [line for line in out if not line.startswith((" ", "Found "))]
    assert heads == [
        "rulesets/sea/rules/08.yaml:170:64: error: XREF001 'Case 8.3.7' points to Case 8.3.7, "
        "which does not exist in sea",
        "rulesets/sea/rules/06.yaml:438:54: warning: NAME001 'Arrival box' is a variant of "
        "'Arriving box' (used 3 times)",
        "rulesets/sea/rules/04.yaml:60:20: info: XREF003 'German Card no. 14' refers to card "
        "german-14, whose contents the source does not contain",
    ]
    # the indented lines under a finding are as they were
    assert "    help: did you mean 8.3.5 (Repair DPs)?" in out
    assert "    note: fixed by erratum E020" in out
    for (_, finding), head in zip(FINDINGS[:2], heads, strict=False):
        m = GCC_MATCHER.match(head)
        assert m is not None, head
        path, line, col, severity, message = m.groups()
        assert (path, int(line), int(col)) == (
            finding.location.path,
            finding.location.line,
            finding.location.column,
        )
        assert severity == finding.severity and message.startswith(finding.code + " ")
    # a build's errors on stderr read the same
    assert FINDINGS[0][1].render().splitlines()[0] == heads[0]


def test_sarif_is_what_github_code_scanning_reads() -> None:
    doc = json.loads(RENDERERS["sarif"](FINDINGS))
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    (run,) = doc["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["NAME001", "XREF001", "XREF003"]
    assert all(r["fullDescription"]["text"].startswith(r["id"]) for r in rules)
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels == {"XREF001": "error", "NAME001": "warning", "XREF003": "note"}
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    fixed = next(r for r in run["results"] if r["ruleId"] == "XREF001")
    assert fixed["suppressions"][0]["kind"] == "external"


def test_json_rows_carry_the_fields_editors_script_against() -> None:
    rows = json.loads(RENDERERS["json"](FINDINGS))
    assert set(rows[0]) >= {
        "code",
        "severity",
        "message",
        "file",
        "line",
        "column",
        "game",
        "rule",
        "target",
        "suggestion",
        "fixed_by",
    }
    assert rows[0]["fixed_by"] == "E020" and rows[1]["fixed_by"] is None


def test_paths_with_commas_colons_and_spaces_stay_one_property_and_one_uri() -> None:
    """Found by the review: `file=règles, v2: #1 100%/…` ended the file property at the
    comma, and the SARIF uri held a raw #, % and spaces."""
    from compiler.report import github, sarif

    where = Location("p/règles, v2: #1 100%/mini-case/rules/01.yaml", 3, 4)
    finding = Finding("XREF001", Severity.ERROR, "a\\nb", where)
    line = github.render([("mini-case", finding)])
    assert "file=p/règles%2C v2%3A #1 100%25/mini-case/rules/01.yaml,line=3,col=4" in line
    doc = json.loads(sarif.render([("mini-case", finding)]))
    uri = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri["uri"] == "p/r%C3%A8gles%2C%20v2%3A%20%231%20100%25/mini-case/rules/01.yaml"


def test_sarif_fingerprints_tell_apart_findings_on_one_target() -> None:
    """Found by the review: 181 of 503 results shared a fingerprint (the same code and
    target in two languages, or two queries on one string), so code scanning merged them."""
    from compiler.report import sarif

    one = Finding("L10N010", Severity.INFO, "query one", Location("l10n/en.po", 3, 1), target="u")
    two = Finding("L10N010", Severity.INFO, "query two", Location("l10n/en.po", 9, 1), target="u")
    doc = json.loads(sarif.render([("g", one), ("g", two)]))
    prints = [r["partialFingerprints"]["casebook/v2"] for r in doc["runs"][0]["results"]]
    assert len(set(prints)) == 2


def test_the_text_summary_counts_open_findings_by_severity_and_the_rest_apart() -> None:
    """An error an erratum fixes does not fail lint, so --show-all does not count it
    among the errors (found by the review of the severity summary)."""
    text = RENDERERS["text"]
    assert text(FINDINGS).endswith(
        "Found 1 finding (1 warning). Not listed: 1 gap (content "
        "the source lacks), 1 fixed by errata or suppressed (--show-all lists them).\n"
    )
    assert text(FINDINGS, show_all=True).endswith(
        "Found 3 findings (1 warning, 1 info, 1 fixed by errata or suppressed).\n"
    )
    assert text([]) == "Found 0 findings.\n"
