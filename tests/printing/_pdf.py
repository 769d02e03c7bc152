"""Opening rendered PDFs in tests: pages, text, fonts."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from dataclasses import dataclass

from openpyxl import load_workbook
from pypdf import PdfReader

from printing.services import render_kind
from tournament.models import Event, Stage

WQY = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"


@dataclass
class PdfFile:
    filename: str
    mimetype: str
    content: bytes
    reader: PdfReader

    @classmethod
    def of(cls, rendered: tuple[str, str, bytes]) -> PdfFile:
        filename, mimetype, content = rendered
        assert mimetype == "application/pdf"
        assert content.startswith(b"%PDF")
        return cls(filename, mimetype, content, PdfReader(io.BytesIO(content)))

    @property
    def pages(self) -> int:
        return len(self.reader.pages)

    def text(self, page: int | None = None) -> str:
        """The pages' text. STSong-Light (the fallback when the machine has no CJK
        TrueType font) maps the middle dot to the katakana one (U+30FB): read as "·"."""
        pages = self.reader.pages if page is None else [self.reader.pages[page]]
        return "\n".join(p.extract_text() or "" for p in pages).replace("\u30fb", "\u00b7")

    def fonts(self) -> dict[str, dict]:
        """Base font name → font dictionary, over every page's resources."""
        found: dict[str, dict] = {}
        for page in self.reader.pages:
            resources = page.get("/Resources") or {}
            for ref in (resources.get("/Font") or {}).values():
                font = ref.get_object()
                found[str(font["/BaseFont"])] = font
        return found

    def embedded_truetype(self) -> list[str]:
        """The TrueType fonts whose file is embedded (``/FontFile2``)."""
        out = []
        for name, font in self.fonts().items():
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                out.append(name)
        return out


def missing(text: str, *groups: str | list[str]) -> list[str]:
    """The words that ``text`` lacks; each group a space-separated string or a list.
    A column label wrapped over two lines (``南北比\n赛分``) counts as present."""
    wanted = [w for g in groups for w in (g.split() if isinstance(g, str) else g)]
    flat = text.replace("\n", "")
    return [w for w in wanted if w not in text and w not in flat]


def laid_out_pages(content: bytes) -> list[str]:
    """Each page's text laid out as printed, a row of a table on one line: pdftotext
    ``-layout`` where poppler is installed, else pypdf's own layout mode (a bare machine
    has no poppler; pypdf's plain mode puts every cell on a line of its own)."""
    if shutil.which("pdftotext"):
        done = subprocess.run(
            ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
        )
        pages = done.stdout.decode().split("\f")
        return pages[:-1] if pages and not pages[-1].strip() else pages
    reader = PdfReader(io.BytesIO(content))
    return [
        p.extract_text(extraction_mode="layout").replace("\u30fb", "\u00b7") for p in reader.pages
    ]


def paper_text(event: Event, kind: str, stage: Stage, official: bool) -> str:
    """The paper's text, laid out as printed, spaces squeezed."""
    pdf = PdfFile.of(render_kind(event=event, kind=kind, stage=stage, official=official))
    return re.sub(r"[ \t]+", " ", "\n".join(laid_out_pages(pdf.content)))


def sheet_rows(event: Event, kind: str, stage: Stage, official: bool) -> list[list[object]]:
    _name, _mime, content = render_kind(event=event, kind=kind, stage=stage, official=official)
    book = load_workbook(io.BytesIO(content))
    sheet = book[stage.name] if stage.name in book.sheetnames else book.worksheets[0]
    return [list(row) for row in sheet.iter_rows(values_only=True)]
