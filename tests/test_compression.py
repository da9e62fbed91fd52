"""Pages are gzipped (at a faster level than Django's default), as Django's middleware does."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

from cardtutor.core.compression import LEVEL, compress

pytestmark = pytest.mark.django_db


def test_a_page_comes_gzipped_with_padding_and_decompresses_to_the_page(client: Client) -> None:
    plain = client.get("/practice/piquet/partie/1/7/").content
    packed = client.get("/practice/piquet/partie/1/7/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert int(packed["Content-Length"]) == len(packed.content) < len(plain) // 3
    page = gzip.decompress(packed.content)
    # the same page but for the masked CSRF tokens, which differ on every request
    assert page.count(b"<svg") == plain.count(b"<svg") and page.startswith(b"<!doctype html>")


def test_the_padding_varies_and_every_output_decompresses() -> None:
    data = b"<p>" + b"card " * 2000 + b"</p>"
    outputs = {compress(data, 100) for _ in range(30)}
    assert len({len(o) for o in outputs}) > 1  # the length does not give the content away
    assert all(gzip.decompress(o) == data for o in outputs)
    assert LEVEL < 6


def test_short_answers_and_clients_without_gzip_get_the_plain_body(client: Client) -> None:
    short = client.get("/healthz/", HTTP_ACCEPT_ENCODING="gzip")
    assert not short.has_header("Content-Encoding") and short.content == b"ok"
    plain = client.get("/practice/", HTTP_ACCEPT_ENCODING="identity")
    assert not plain.has_header("Content-Encoding") and b"<!doctype html>" in plain.content
