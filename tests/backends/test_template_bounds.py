"""A layout's show template may not make more text than a card holds, checked before
the one C call that would make it: after, it is gigabytes and seconds too late (the
time limit cannot stop a C call). Each of these took 10 GB before the bounds."""

from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError

from compiler.templating import environment

BOMBS = {
    "a join of a short list of long texts": "{{ (['x' * 99999] * 99999)|join }}",
    "str.join of the same": "{{ ''.join(['x' * 99999] * 99999) }}",
    "a text doubled in a loop": (
        "{% set n = namespace(s='x' * 99999) %}{% for i in range(40) %}"
        "{% set n.s = n.s + n.s %}{% endfor %}{{ n.s }}"
    ),
    "str.replace of each character by a long text": "{{ ('x' * 99999).replace('x', 'y' * 99999) }}",
    "tabs expanded to a wide stop": "{{ ('\\t' * 99999).expandtabs(99999) }}",
    # found by a probe: 5.9 billion characters, 8.7 GB, printed on every card
    "a text doubled with ~": "{% set a = 'x' * 90000 %}" + "{% set a = a ~ a %}" * 16 + "{{ a }}",
}


@pytest.mark.parametrize("source", BOMBS.values(), ids=BOMBS.keys())
def test_text_past_any_card_is_refused_before_it_is_made(source: str) -> None:
    with pytest.raises(SecurityError, match="would make more than 100,000 characters"):
        environment().from_string(source).render()


@pytest.mark.parametrize(
    ("source", "made"),
    [
        ("{{ ['a', 'b']|join(', ') }}", "a, b"),
        ("{{ 'a' + 'b' }}", "ab"),
        ("{{ 'Case ' ~ 2 ~ '.' ~ 1 }}", "Case 2.1"),
        ("{{ '<b>' ~ 'x' }}", "&lt;b&gt;x"),  # ~ escapes as before
        ("{{ 1 + 2 }}", "3"),
        ("{{ 'a\\tb'.expandtabs(4) }}", "a   b"),
        ("{{ 'Case 2.1'.replace('Case', 'Cas') }}", "Cas 2.1"),
    ],
)
def test_ordinary_text_is_made_as_before(source: str, made: str) -> None:
    assert environment().from_string(source).render() == made
