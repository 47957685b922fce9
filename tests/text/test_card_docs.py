"""docs/rules/*.md list every card's effect as the table shows it, mark provisional values, and cite no
file outside the repository (the rules pages stand on their own)."""

from __future__ import annotations

import re

import pytest

from tests.text.card_docs import NAMES, current, rewritten


@pytest.mark.parametrize("doc", NAMES)
def test_card_section_is_current(doc: str) -> None:
    assert current(doc) == rewritten(doc), f"run: python -m tests.text.card_docs {doc}"


@pytest.mark.parametrize("doc", NAMES)
def test_rules_page_cites_no_file_outside_the_repository(doc: str) -> None:
    text = current(doc)
    assert not re.search(r"\d{3}_[0-9a-f]{16}\.txt|RULINGS\.md|seeds/|\.\./shared", text)
