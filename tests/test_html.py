"""One page template and stylesheet for the inspector and the cycle reports; escaping by default."""

from __future__ import annotations

from sleepstack.html.markup import Safe, el, esc, table
from sleepstack.html.page import document
from sleepstack.html.style import STYLESHEET
from sleepstack.server.web_layout import _document
from sleepstack.sleep.report import render_html, render_index

HOSTILE = '<script>alert(1)</script>" onmouseover="x'


def test_text_and_attributes_are_escaped_unless_built_here() -> None:
    out = el("a", HOSTILE, href=HOSTILE, title=HOSTILE)
    assert "<script>" not in out and 'onmouseover="x' not in out
    assert el("p", el("b", "ok")) == "<p><b>ok</b></p>"  # Safe children pass
    assert esc(Safe("<b>")) == "<b>" and esc("<b>") == "&lt;b&gt;"
    assert "<script>" not in table(["h"], [[HOSTILE]], "none")


def test_a_plain_string_body_is_escaped_by_the_template() -> None:
    page = document(HOSTILE, HOSTILE)
    assert "<script>" not in page
    assert page.startswith("<!doctype html>") and STYLESHEET in page


def test_the_inspector_and_the_reports_share_one_stylesheet() -> None:
    report = render_html({"cycle_id": HOSTILE, "key": "k", "counts": {}, "details": {}})
    index = render_index([{"cycle_id": HOSTILE, "at": "2026-01-05T00:00:00Z", "counts": {}}])
    inspector = _document("x", el("main", "hello"))
    for page in (report, index, inspector):
        assert page.count("<style>") == 1 and STYLESHEET in page
        assert "<script>" not in page
