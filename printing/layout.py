"""A small layout renderer on a ReportLab canvas, measured in millimetres from the top
left of the page (as a ruler on paper reads), A4 unless told otherwise.

:class:`Sheet` is the only place that knows ReportLab's coordinates (points from the
bottom left). It draws text, boxes, lines, tables that flow over pages with their
header repeated, QR codes, and card suits as vector shapes — the suit symbols are not
in the built-in fallback font, and a drawn pip looks the same in every font.

Output is reproducible (``invariant``): the same data gives the same bytes, which keeps
tests and stored print jobs comparable.
"""

from __future__ import annotations

import functools
import io
import itertools
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

from .fonts import FontChoice, cjk_font

__all__ = ["Cell", "Column", "Sheet", "RED", "GREY", "LIGHT", "MIN_SIZE", "qr_modules", "qr_svg"]

RED = colors.Color(0.78, 0.05, 0.05)
GREY = colors.Color(0.45, 0.45, 0.45)
LIGHT = colors.Color(0.92, 0.92, 0.92)
BLACK = colors.black

#: Characters STSong-Light (Adobe-GB1-0) lacks, and the ones that stand in for them.
FALLBACK_SUBSTITUTES = str.maketrans({"·": "・", "•": "・", "‧": "・"})

MIN_SIZE = 5.0  # pt: text is shrunk to fit its box, never below this
QR_QUIET = 4  # modules of white round a QR code (ISO/IEC 18004)
QR_MASK = 0  # the mask pattern of every code (see qr_modules)
_DARK_RUN = re.compile(rb"\x01+")  # a run of dark modules in a row's bytes


@functools.lru_cache(maxsize=4096)
def qr_modules(data: str) -> tuple[bytes, ...]:
    """The modules of ``data``'s QR code (error correction M) row by row, a byte a
    module: 1 dark, 0 light.

    Encoded once per text: the same link drawn twice (or in the next job) is not
    encoded again. With one fixed mask pattern: any of the eight masks makes a valid
    code (ISO/IEC 18004, 7.8), and trying all eight, as ``QRCode.make`` does, costs
    eight encodings and penalty scans a code — most of the time of a 30-table
    Mitchell's 870 guide-card codes — for short links that scan either way. The
    modules are ReportLab's ``makeImpl`` with that mask: the data-independent frame of
    each version built once by it (:func:`_qr_frame`), then the codewords' bits
    placed and masked in one step — placing them a bit at a time was most of the cost
    of a 60-table Mitchell's 3,540 codes."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(data)
    version = code.calculate_version()
    frame, places, count = _qr_frame(version)
    words = _qr_codewords(code.dataList, version)
    # The codewords' bits (then remainder bits, 0, to fill the ``count`` data modules,
    # and one 0 more for the modules without data) gathered into the modules' order,
    # then masked by one XOR with the frame (which holds the mask where data goes).
    bits = b"".join(map(_BYTE_BITS.__getitem__, words)) + bytes(count - 8 * len(words) + 1)
    placed = bytes(operator.itemgetter(*places)(bits))
    n = version * 4 + 17
    modules = (int.from_bytes(frame, "big") ^ int.from_bytes(placed, "big")).to_bytes(n * n, "big")
    return tuple(modules[r * n : (r + 1) * n] for r in range(n))


#: Each byte's eight bits, most significant first, a byte each (0 or 1).
_BYTE_BITS = tuple(bytes((value >> (7 - i)) & 1 for i in range(8)) for value in range(256))


@functools.cache
def _qr_frame(version: int) -> tuple[bytes, tuple[int, ...], int]:
    """What every code of ``version`` with error correction M and :data:`QR_MASK`
    shares, by ReportLab's own ``makeImpl`` run with no data: its modules (finder,
    alignment and timing patterns, format and version information, and the mask
    alone where data goes), row by row a byte a module; and, for each module in that
    order, the index of the data bit placed there (ReportLab's placement order), or
    one past the last for a module that holds none; and how many modules hold data."""
    code = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    code.dataCache = []  # no data: every data module is light before the mask
    code.makeImpl(False, QR_MASK)
    n = code.moduleCount
    order = code.dataPosIterator()  # (column, row) of data bit 0, 1, …
    places = [len(order)] * (n * n)
    for k, (col, row) in enumerate(order):
        places[row * n + col] = k
    frame = bytes(int(bool(module)) for row in code.modules for module in row)
    return frame, tuple(places), len(order)


@functools.cache
def _rs_generator(degree: int) -> tuple[int, ...]:
    """The Reed–Solomon generator polynomial of ``degree`` error-correction codewords,
    (x − α⁰)(x − α¹)…, as exponents of α, highest power first (its leading 1 left out)."""
    exp, log = qrencoder.EXP_TABLE, qrencoder.LOG_TABLE
    poly = [1]
    for i in range(degree):
        nxt = poly + [0]
        for j, c in enumerate(poly):
            if c:
                nxt[j + 1] ^= exp[(log[c] + i) % 255]
        poly = nxt
    return tuple(log[c] for c in poly[1:])


@functools.cache
def _rs_products(degree: int) -> tuple[int, ...]:
    """For each byte value f, f × the generator of ``degree`` (its leading 1 left out)
    as one integer, a byte a coefficient, highest power first: one step of the
    division is a shift and an XOR."""
    exp, log = qrencoder.EXP_TABLE, qrencoder.LOG_TABLE
    out = [0]
    for factor in range(1, 256):
        value = 0
        for g in _rs_generator(degree):
            value = (value << 8) | exp[(log[factor] + g) % 255]
        out.append(value)
    return tuple(out)


def _rs_remainder(data: Sequence[int], degree: int) -> list[int]:
    """The ``degree`` error-correction codewords of ``data``: the remainder of its
    division by the generator polynomial, long division a byte at a time."""
    products = _rs_products(degree)
    shift = 8 * (degree - 1)
    low = (1 << shift) - 1
    rest = 0
    for value in data:
        rest = ((rest & low) << 8) ^ products[value ^ (rest >> shift)]
    return list(rest.to_bytes(degree, "big"))


class _Bits:
    """What ReportLab's data segments write themselves into (as its ``QRBitBuffer``),
    the bits gathered in one integer rather than a bit a call."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, num: int, length: int) -> None:
        self.value = (self.value << length) | (num & ((1 << length) - 1))
        self.length += length

    def putBit(self, bit: bool) -> None:  # noqa: N802 - ReportLab's name
        self.put(int(bool(bit)), 1)

    def getLengthInBits(self) -> int:  # noqa: N802 - ReportLab's name
        return self.length


def _qr_codewords(segments: Sequence[object], version: int) -> list[int]:
    """The data and error-correction codewords of ``segments`` (ReportLab's data
    items) in a ``version`` code with error correction M, interleaved: what
    ``QRCode.createData`` computes, its error correction by one table-driven division
    per block instead of ReportLab's polynomial objects — which rebuilt the generator
    for every code and took 5 ms a code, most of a 60-table Mitchell's guide cards."""
    blocks = qrencoder.QRRSBlock.getRSBlocks(version, qrencoder.QRErrorCorrectLevel.M)
    buffer = _Bits()
    for item in segments:
        item.write(buffer, version)  # type: ignore[attr-defined]
    capacity = sum(b.dataCount for b in blocks) * 8
    if buffer.length > capacity:
        raise ValueError(f"QR code overflow ({buffer.length} > {capacity})")
    if buffer.length + 4 <= capacity:
        buffer.put(0, 4)
    buffer.put(0, -buffer.length % 8)
    pads = itertools.cycle((qrencoder.QRCode.PAD0, qrencoder.QRCode.PAD1))
    while buffer.length < capacity:
        buffer.put(next(pads), 8)
    stream = buffer.value.to_bytes(capacity // 8, "big")
    data, ec, offset = [], [], 0
    for block in blocks:
        words = list(stream[offset : offset + block.dataCount])
        offset += block.dataCount
        data.append(words)
        ec.append(_rs_remainder(words, block.totalCount - block.dataCount))
    return [
        word
        for group in (data, ec)
        for column in itertools.zip_longest(*group)
        for word in column
        if word is not None
    ]


def qr_svg(data: str) -> str:
    """``data``'s QR code as an SVG image for a page (the venue address on the home
    page): the same modules as the printed codes, each row's runs of dark modules one
    rectangle, inside the quiet zone."""
    modules = qr_modules(data)
    side = len(modules) + 2 * QR_QUIET
    runs = []
    for r, row in enumerate(modules):
        col = 0
        for dark, run in itertools.groupby(row):
            width = sum(1 for _ in run)
            if dark:
                runs.append(f"M{col + QR_QUIET} {r + QR_QUIET}h{width}v1h-{width}z")
            col += width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


@functools.cache
def _pip_path(suit: str) -> PDFPathObject:
    """A suit's shape in the unit square (the same path for every pip: its curves,
    the club's circles above all, computed once)."""
    path = PDFPathObject()
    if suit == "D":
        path.moveTo(0.5, 1.0)
        path.lineTo(0.84, 0.5)
        path.lineTo(0.5, 0.0)
        path.lineTo(0.16, 0.5)
        path.close()
    elif suit == "H":
        path.moveTo(0.5, 0.04)
        path.curveTo(0.3, 0.3, 0.0, 0.45, 0.04, 0.72)
        path.curveTo(0.08, 0.98, 0.42, 1.0, 0.5, 0.78)
        path.curveTo(0.58, 1.0, 0.92, 0.98, 0.96, 0.72)
        path.curveTo(1.0, 0.45, 0.7, 0.3, 0.5, 0.04)
        path.close()
    elif suit == "S":
        path.moveTo(0.5, 0.98)
        path.curveTo(0.3, 0.72, 0.0, 0.6, 0.04, 0.36)
        path.curveTo(0.08, 0.14, 0.4, 0.12, 0.47, 0.3)
        path.lineTo(0.36, 0.0)
        path.lineTo(0.64, 0.0)
        path.lineTo(0.53, 0.3)
        path.curveTo(0.6, 0.12, 0.92, 0.14, 0.96, 0.36)
        path.curveTo(1.0, 0.6, 0.7, 0.72, 0.5, 0.98)
        path.close()
    else:  # C
        for cx, cy in ((0.5, 0.74), (0.26, 0.42), (0.74, 0.42)):
            path.circle(cx, cy, 0.22)
        path.moveTo(0.5, 0.55)
        path.lineTo(0.36, 0.0)
        path.lineTo(0.64, 0.0)
        path.close()
    return path


def _tokens(text: str) -> list[str]:
    """Break points: each CJK character alone, other runs up to and with a space."""
    out: list[str] = []
    word = ""
    for char in text:
        if ord(char) >= 0x2E80:  # CJK and full-width punctuation: a break after any
            if word:
                out.append(word)
                word = ""
            out.append(char)
        elif char == " ":
            out.append(word + " ")
            word = ""
        else:
            word += char
    if word:
        out.append(word)
    return out


@functools.lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    """``text``'s width in mm at 1 pt. Papers measure the same labels, names and numbers
    over and over (every cell is measured to fit it): measured once, scaled after."""
    return stringWidth(text, font, 1.0) / mm


def _width(text: str, font: str, size: float) -> float:
    return _unit_width(text, font) * size


@dataclass(frozen=True)
class Column:
    label: str
    width: float  # mm
    align: str = "center"  # left, center, right


@dataclass(frozen=True)
class Cell:
    """A table cell with more than text: emphasis, colour, a shaded background."""

    text: str
    bold: bool = False
    color: colors.Color | None = None
    fill: colors.Color | None = None
    size: float | None = None


CellValue = str | int | Cell | None

#: A table cell's text laid out in its box (see :meth:`Sheet._lay_cell`).
_LaidCell = tuple[tuple[float, float, float, str, float, bool], ...]


class Sheet:
    """One PDF document being drawn. Call :meth:`finish` for the bytes."""

    def __init__(
        self,
        *,
        title: str,
        subtitle: str = "",
        pagesize: tuple[float, float] = A4,
        landscape: bool = False,
        margin: float = 12.0,
        font: FontChoice | None = None,
        header: bool = True,
    ) -> None:
        width, height = pagesize
        if landscape:
            width, height = max(width, height), min(width, height)
        self.font = font or cjk_font()
        self.buffer = io.BytesIO()
        # The CJK font from the start, so no unused Helvetica is listed in the file.
        self.canvas = Canvas(
            self.buffer,
            pagesize=(width, height),
            invariant=1,
            initialFontName=self.font.name,
            lang="zh-Hans",
        )
        self.canvas.setTitle(title)
        self.canvas.setAuthor("duidiao")
        self.canvas.setCreator("duidiao printing")
        self.width = width / mm
        self.height = height / mm
        self.margin = margin
        self.title = title
        self.subtitle = subtitle
        self.header = header
        self.pages = 0
        self.cursor = margin
        self._open = False
        #: Printed at the top of every page that follows (a card running over pages
        #: names its table and stage on each one); "" for none.
        self.running = ""
        # The page's text, one text object drawn when the page ends (over its lines
        # and shading), and the state it and the page's strokes were last set to: a
        # 60-table event prints a few hundred thousand cells, and a graphics state
        # saved, set and restored around each one was most of the time of its papers.
        self._words: PDFTextObject | None = None
        self._words_state: dict[str, object] = {}
        self._style: tuple[float, int, bool, float] | None = None  # as _words_state holds
        # (text, size, room, alignment) → (text drawn, size, width, scale, shift): _fit
        self._fitted: dict[
            tuple[str, float, float | None, str], tuple[str, float, float, float, float]
        ] = {}
        # (text, size, font subset before) → (its PDF operators, font subset after)
        self._pieces: dict[tuple[str, float, int], tuple[str, int]] = {}
        # (text, size, column width, row height) → a table cell's lines (_lay_cell)
        self._cells: dict[tuple[str, float, float, float], _LaidCell] = {}
        # mm from the left and from the top → as written in the PDF (text origins)
        self._xs: dict[float, str] = {}
        self._ys: dict[float, str] = {}
        self._state: dict[str, object] = {}

    # --- pages ------------------------------------------------------------------------

    @property
    def left(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def bottom(self) -> float:
        return self.height - self.margin - (5 if self.header else 0)

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    def start_page(self, *, landscape: bool | None = None) -> float:
        """Open a page (closing the current one) and return the cursor below its header;
        ``landscape`` turns this page and the next ones (None: as the last one)."""
        if self._open:
            self.end_page()
        if landscape is not None and landscape != (self.width > self.height):
            self.width, self.height = self.height, self.width
            self.canvas.setPageSize((self.width * mm, self.height * mm))
            self._ys = {}  # measured from the top of a page of another height
        self._open = True
        self.pages += 1
        self.cursor = self.margin
        if self.header:
            self.text(self.left, self.margin + 4, self.title, size=12, bold=True)
            if self.subtitle:
                self.text(
                    self.right,
                    self.margin + 4,
                    self.subtitle,
                    size=8,
                    align="right",
                    color=GREY,
                    max_width=self.inner_width * 0.55,
                )
            self.line(self.left, self.margin + 6, self.right, self.margin + 6, width=0.6)
            self.cursor = self.margin + 10
        if self.running:
            self.text(self.left, self.cursor + 5, self.running, size=13, bold=True)
            self.cursor += 9
        return self.cursor

    def end_page(self) -> None:
        if not self._open:
            return
        if self.header:
            self.text(
                self.width / 2,
                self.height - self.margin + 1,
                f"— {self.pages} —",
                size=7,
                align="center",
                color=GREY,
            )
        self._flush_text()
        self.canvas.showPage()
        self._state = {}
        self._open = False

    def _flush_text(self) -> None:
        if self._words is not None:
            self.canvas.drawText(self._words)
            self._words = None

    def ensure(self, height: float) -> float:
        """Room for ``height`` mm at the cursor: a new page when it would not fit."""
        if not self._open or self.cursor + height > self.bottom:
            self.start_page()
        return self.cursor

    def finish(self) -> bytes:
        if not self._open and self.pages == 0:
            self._flush_text()
            self.start_page()
        self.end_page()
        self._flush_text()
        self.canvas.save()
        return self.buffer.getvalue()

    # --- primitives (mm, from the top left) -----------------------------------------------

    def _y(self, y: float) -> float:
        return (self.height - y) * mm

    def width_of(self, text: str, size: float) -> float:
        return _width(text, self.font.name, size)

    def fit_size(self, text: str, size: float, max_width: float | None) -> float:
        if max_width is None or not text:
            return size
        width = self.width_of(text, size)
        if width <= max_width:
            return size
        return max(MIN_SIZE, size * max_width / width * 0.99)

    def text(
        self,
        x: float,
        y: float,
        text: object,
        *,
        size: float = 10,
        bold: bool = False,
        align: str = "left",
        color: colors.Color | None = None,
        max_width: float | None = None,
    ) -> float:
        """Draw ``text`` with its baseline at ``y``; returns its width in mm.

        Too wide for ``max_width``: shrunk, and narrowed (the glyphs scaled across) if
        even the smallest size will not do — never cut: a word cut short ("Diamo…")
        reads as another word, or as none. Bold is the glyphs filled and stroked (CJK
        fonts seldom have bold).
        """
        if type(text) is not str:
            text = "" if text is None else str(text)
        if not text:
            return 0.0
        # Fitted once a sheet for each (text, size, room, alignment): the same numbers,
        # names and labels recur in every row (a 60-table Mitchell prints 240,000 cells
        # a paper).
        key = (text, size, max_width, align)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = self._fitted[key] = self._fit(text, size, max_width, align)
        s, size, width, narrow, shift = fitted
        t = self._words
        if t is None:
            t = self._words = self.canvas.beginText()  # BT 1 0 0 1 0 0 Tm
            self._words_state = {}
            self._style = None
            opening = ""
        else:
            # Each piece of text in its own BT … ET from the origin, as if drawn alone:
            # text extraction (pypdf) reads the pieces apart, as it always has. The
            # text and graphics state carry over from piece to piece.
            opening = "ET BT 1 0 0 1 0 0 Tm "
        ink = color or BLACK
        # Colours by identity, as _set_style compares them (its state holds the ink, so
        # the id stays that colour's).
        style = (size, id(ink), bold, narrow)
        if style != self._style:
            if opening:
                t._code.append(opening[:-1])
                opening = ""
            self._set_style(t, size, ink, bold, narrow)
            self._style = style
        # The text alone, without textOut's measuring to move the cursor on: every piece
        # is placed from the origin (Tm), and its width was measured above. A piece is
        # formatted once a sheet for its text, size and the font subset in use before it:
        # an embedded font's subset of a character, once given, does not change, so the
        # same text gives the same operators (and leaves the same subset in use).
        key = (s, size, t._curSubset)
        piece = self._pieces.get(key)
        if piece is None:
            piece = self._pieces[key] = (t._formatText(s), t._curSubset)
        # As setTextOrigin, then the piece. Each coordinate written once a sheet (a
        # table's columns and rows recur; formatting a number was a fifth of a piece).
        left = x + shift
        at_x = self._xs.get(left)
        if at_x is None:
            at_x = self._xs[left] = fp_str(left * mm)
        at_y = self._ys.get(y)
        if at_y is None:
            at_y = self._ys[y] = fp_str(self._y(y))
        t._code.append(f"{opening}1 0 0 1 {at_x} {at_y} Tm {piece[0]}")
        t._curSubset = piece[1]
        return width

    def _set_style(
        self, t: PDFTextObject, size: float, ink: colors.Color, bold: bool, narrow: float
    ) -> None:
        """The text object's size, colours, render mode and horizontal scale, each set
        only where it changes."""
        state = self._words_state
        if state.get("size") != size:
            t.setFont(self.font.name, size)
            state["size"] = size
        if state.get("fill") is not ink:
            t.setFillColor(ink)
            state["fill"] = ink
        if bold:
            if state.get("stroke") is not ink:
                t.setStrokeColor(ink)
                state["stroke"] = ink
            if state.get("line") != size:
                t._code.append(f"{size * 0.045:.3f} w")  # a general graphics state operator
                state["line"] = size
        if state.get("mode", 0) != (2 if bold else 0):
            t.setTextRenderMode(2 if bold else 0)
            state["mode"] = 2 if bold else 0
        if state.get("narrow", 100.0) != narrow:
            t.setHorizScale(narrow)
            state["narrow"] = narrow

    def _fit(
        self, s: str, size: float, max_width: float | None, align: str
    ) -> tuple[str, float, float, float, float]:
        """How :meth:`text` sets ``s`` at ``size`` in ``max_width`` mm: the text drawn
        (the fallback font's stand-ins), its size, its width, its horizontal scale and
        how far left of the anchor it starts (its alignment)."""
        if not self.font.embedded:
            s = s.translate(FALLBACK_SUBSTITUTES)
        unit = _unit_width(s, self.font.name)  # as fit_size, measured once
        width = unit * size
        if max_width is not None and width > max_width:
            size = max(MIN_SIZE, size * max_width / width * 0.99)
            width = unit * size
        narrow = 100.0
        if max_width is not None and width > max_width + 0.01:
            narrow = 100.0 * max_width / width
            width = max_width
        shift = -width / 2 if align == "center" else -width if align == "right" else 0.0
        return s, size, width, narrow, shift

    def _stroke(self, width: float, color: colors.Color | None) -> None:
        """The page's line width and stroke colour, set only when they change (colours
        are compared by identity: the few module constants, and equality costs more)."""
        c, state = self.canvas, self._state
        if state.get("width") != width:
            c.setLineWidth(width)
            state["width"] = width
        ink = color or BLACK
        if state.get("stroke") is not ink:
            c.setStrokeColor(ink)
            state["stroke"] = ink

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        width: float = 0.3,
        color: colors.Color | None = None,
        dash: Sequence[float] | None = None,
    ) -> None:
        c = self.canvas
        if dash:
            c.saveState()
            c.setLineWidth(width)
            c.setStrokeColor(color or BLACK)
            c.setDash([d * mm for d in dash])
            c.line(x1 * mm, self._y(y1), x2 * mm, self._y(y2))
            c.restoreState()
            return
        self._stroke(width, color)
        c.line(x1 * mm, self._y(y1), x2 * mm, self._y(y2))

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        width: float = 0.3,
        stroke: colors.Color | None = BLACK,
        fill: colors.Color | None = None,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        c = self.canvas
        if not dash and not radius:
            if stroke is not None:
                self._stroke(width, stroke)
            if fill is not None and self._state.get("fill") is not fill:
                c.setFillColor(fill)
                self._state["fill"] = fill
            c.rect(
                x * mm,
                self._y(y + h),
                w * mm,
                h * mm,
                stroke=int(stroke is not None),
                fill=int(fill is not None),
            )
            return
        c.saveState()
        c.setLineWidth(width)
        if stroke is not None:
            c.setStrokeColor(stroke)
        if fill is not None:
            c.setFillColor(fill)
        if dash:
            c.setDash([d * mm for d in dash])
        args = (x * mm, self._y(y + h), w * mm, h * mm)
        if radius:
            c.roundRect(
                *args, radius * mm, stroke=int(stroke is not None), fill=int(fill is not None)
            )
        else:
            c.rect(*args, stroke=int(stroke is not None), fill=int(fill is not None))
        c.restoreState()

    def checkbox(
        self,
        x: float,
        y: float,
        label: str,
        *,
        size: float = 9,
        box: float = 3.0,
        checked: bool = False,
    ) -> float:
        """A box to tick and its label, ``y`` the baseline; returns the width used."""
        self.rect(x, y - box * 0.9, box, box, width=0.4)
        if checked:
            self.line(x + 0.5, y - box * 0.4, x + box * 0.4, y, width=0.8)
            self.line(x + box * 0.4, y, x + box, y - box * 1.1, width=0.8)
        return box + 1 + self.text(x + box + 1, y, label, size=size) + 3

    def blank(self, x: float, y: float, w: float, *, value: str = "", size: float = 11) -> None:
        """A line to write on (``y`` the baseline), or the value already known on it."""
        self.line(x, y + 1, x + w, y + 1, width=0.3)
        if value:
            self.text(x + w / 2, y, value, size=size, bold=True, align="center", max_width=w)

    def qr(self, x: float, y: float, size: float, data: str) -> None:
        """A QR code of ``data`` in a ``size`` mm square whose top left is (x, y): its
        dark modules as one filled path (a run of modules in a row is one rectangle),
        inside the four-module quiet zone the standard asks for. The path is written in
        module units under a scaling transform, so its numbers are small integers."""
        modules = qr_modules(data)
        n = len(modules)
        box = size * mm / (n + 2 * QR_QUIET)
        ops = [
            f"{run.start()} {n - r - 1} {run.end() - run.start()} 1 re"
            for r, row in enumerate(modules)
            for run in _DARK_RUN.finditer(row)  # runs found in C, not module by module
        ]
        ops.append("f")
        c = self.canvas
        c.saveState()
        c.setFillColor(BLACK)
        c.translate(x * mm + QR_QUIET * box, self._y(y + size) + QR_QUIET * box)
        c.scale(box, box)
        c.addLiteral("\n".join(ops))
        c.restoreState()

    def pip(self, x: float, y: float, size: float, suit: str) -> None:
        """A card suit (H, D, S, C) drawn in a ``size`` mm square, top left (x, y)."""
        c = self.canvas
        c.saveState()
        c.translate(x * mm, self._y(y + size))
        c.scale(size * mm, size * mm)
        c.setFillColor(RED if suit in "HD" else BLACK)
        c.drawPath(_pip_path(suit), stroke=0, fill=1)
        c.restoreState()

    def wrap(self, text: str, size: float, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` mm: Chinese anywhere,
        other scripts at spaces where they can be (a long word is broken too)."""
        lines: list[str] = []
        for paragraph in str(text).split("\n"):
            line = ""
            for token in _tokens(paragraph):
                candidate = line + token
                if not line or self.width_of(candidate, size) <= width:
                    line = candidate
                    continue
                lines.append(line.rstrip())
                line = token.lstrip()
                while len(line) > 1 and self.width_of(line, size) > width:
                    cut = len(line) - 1
                    while cut > 1 and self.width_of(line[:cut], size) > width:
                        cut -= 1
                    lines.append(line[:cut])
                    line = line[cut:]
            lines.append(line.rstrip())
        return lines

    def paragraph(
        self,
        x: float,
        y: float,
        text: str,
        *,
        width: float,
        size: float = 9.5,
        leading: float | None = None,
        max_lines: int | None = None,
        color: colors.Color | None = None,
    ) -> float:
        """Wrapped text whose first baseline is ``y``; returns the height used (mm).
        More than ``max_lines`` lines: the text is set smaller until it fits (down to
        :data:`MIN_SIZE`), never cut."""
        asked = size
        lines = self.wrap(text, size, width)
        while max_lines is not None and len(lines) > max_lines and size > MIN_SIZE:
            size = max(MIN_SIZE, size * 0.9)
            lines = self.wrap(text, size, width)
        lead = leading * size / asked if leading else size * 0.45
        for i, line_text in enumerate(lines):
            self.text(x, y + i * lead, line_text, size=size, color=color)
        return lead * len(lines)

    def fit_cell(
        self, text: str, size: float, width: float, height: float
    ) -> tuple[list[str], float]:
        """How a table cell's one value fits its ``width`` × ``height`` mm box: its
        lines and size. On one line at ``size`` when it fits; else the larger of one
        line shrunk and the value wrapped between words over as many lines as the box
        holds ("北大王+3 东小王+2 西小王+2", "Clean sweep"); a value of one word is
        shrunk, and broken only where even the smallest size will not do. Never cut."""
        if not text or self.width_of(text, size) <= width:
            return [text], size
        best = ([text], max(MIN_SIZE, size * width / self.width_of(text, size) * 0.99))
        spaced = " " in text.strip()  # entries apart ("东大王+3 西小王+2"): broken between them
        if not spaced and best[1] > MIN_SIZE:  # one word ("合计", "轱辘坡"): kept whole
            return best
        words = text.split() if spaced else [t.strip() for t in _tokens(text) if t.strip()]
        trial = size
        while trial > best[1]:
            lines = (
                self._join_words(words, trial, width) if spaced else self.wrap(text, trial, width)
            )
            fits_words = all(self.width_of(w, trial) <= width for w in words)
            if fits_words and len(lines) > 1 and len(lines) * trial * 0.42 <= height - 0.6:
                return lines, trial
            trial *= 0.92
        return best

    def _join_words(self, words: list[str], size: float, width: float) -> list[str]:
        """``words`` joined by spaces into lines no wider than ``width`` mm (a word
        wider than that alone on its line)."""
        lines: list[str] = []
        for word in words:
            if lines and self.width_of(f"{lines[-1]} {word}", size) <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def _head_lines(self, text: str, size: float, width: float) -> list[str]:
        """A column label on one line, or two when it would be shrunk by a quarter."""
        if not text or self.width_of(text, size) * 0.75 <= width:
            return [text]
        lines = self.wrap(text, size, width)
        if len(lines) > 2:
            lines = [lines[0], "".join(lines[1:])]
        return lines

    # --- flowing content -----------------------------------------------------------------

    def heading(self, text: str, *, size: float = 11, gap: float = 2.0, keep: float = 0.0) -> None:
        """A heading at the cursor, kept on the same page as ``keep`` mm below it."""
        height = size * 0.5 + gap
        self.ensure(height + keep)
        self.text(self.left, self.cursor + size * 0.38, text, size=size, bold=True)
        self.cursor += height

    def _cell(
        self, cell: Cell, col: Column, cx: float, tx: float, y: float, height: float, size: float
    ) -> None:
        """A table cell's fill and text, its column's left edge at ``cx``, its text
        anchored at ``tx``."""
        if cell.fill is not None:
            self.rect(cx, y, col.width, height, fill=cell.fill, stroke=None)
        self._cell_text(cell.text, col, tx, y, height, cell.size or size, cell.bold, cell.color)

    def _cell_text(
        self,
        text: str,
        col: Column,
        tx: float,
        y: float,
        height: float,
        size: float,
        bold: bool = False,
        color: colors.Color | None = None,
    ) -> None:
        """A table cell's text, laid out once a sheet for each (text, size, box)."""
        key = (text, size, col.width, height)
        laid = self._cells.get(key)
        if laid is None:
            laid = self._cells[key] = self._lay_cell(text, size, col.width, height)
        pad = 1.2
        for above, baseline, down, line_text, line_size, whole in laid:
            self.text(
                tx,
                y + above + baseline + down,
                line_text,
                size=line_size,
                bold=bold and whole,
                align=col.align,
                color=color if whole else (color or GREY),
                max_width=col.width - 2 * pad,
            )

    def _lay_cell(self, text: str, size: float, width: float, height: float) -> _LaidCell:
        """A cell's lines in a ``width`` × ``height`` mm box: for each, its offsets
        from the cell's top (centred lines, then the baseline, then the line's place),
        its text and size, and whether it is drawn as the value (a second line of
        several values given apart is smaller and grey)."""
        pad = 1.2
        lines = text.split("\n")
        if len(lines) == 1:
            lines, size = self.fit_cell(text, size, width - 2 * pad, height)
        lead = size * 0.42  # mm between baselines: 1.2 × the size in points
        above = (height - lead * len(lines)) / 2
        wrapped = len(lines) > 1 and "\n" not in text  # one value over lines
        return tuple(
            (
                above,
                lead * 0.76,
                i * lead,
                line_text,
                size if i == 0 or wrapped else size * 0.85,
                i == 0 or wrapped,
            )
            for i, line_text in enumerate(lines)
        )

    def table(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[CellValue]],
        *,
        x: float | None = None,
        row_height: float = 7.0,
        size: float = 9.5,
        header_size: float | None = None,
        on_row: Callable[[int], None] | None = None,
        keep_rows: int = 3,
    ) -> None:
        """A ruled table at the cursor, flowing over pages with its header repeated."""
        x = self.left if x is None else x
        hsize = header_size or size * 0.9
        total_w = sum(c.width for c in columns)
        # A label too wide for its column is wrapped over two lines rather than cut.
        heads = [self._head_lines(c.label, hsize, c.width - 1.5) for c in columns]
        lead = hsize * 0.42
        header_h = max(min(row_height * 0.9, 8.0), max(len(h) for h in heads) * lead + 2.2)

        def head() -> None:
            y = self.cursor
            self.rect(x, y, total_w, header_h, fill=LIGHT, width=0.4)
            cx = x
            for col, lines in zip(columns, heads, strict=True):
                self.rect(cx, y, col.width, header_h, width=0.25)
                first = y + (header_h - lead * len(lines)) / 2 + lead * 0.8
                for i, line_text in enumerate(lines):
                    self.text(
                        cx + col.width / 2,
                        first + i * lead,
                        line_text,
                        size=hsize,
                        align="center",
                        max_width=col.width - 1.5,
                    )
                cx += col.width
            self.cursor += header_h

        # Full rows are ruled as a grid: a line under each row, and each column's sides
        # drawn once down the rows of a page — not a box round every cell, which was a
        # fifth of a 60-table Mitchell's papers. A table with a short row keeps the boxes.
        grid = all(len(row) >= len(columns) for row in rows)
        edges = [x + sum(c.width for c in columns[:i]) for i in range(len(columns) + 1)]
        pad = 1.2  # as _cell's
        # Each column's text anchor, by its alignment.
        anchors = [
            {"left": ex + pad, "right": ex + col.width - pad}.get(col.align, ex + col.width / 2)
            for col, ex in zip(columns, edges, strict=False)
        ]
        top = [0.0]

        def rule_columns() -> None:
            if grid and self.cursor > top[0]:
                for ex in edges:
                    self.line(ex, top[0], ex, self.cursor, width=0.25)

        self.ensure(header_h + row_height * min(keep_rows, max(1, len(rows))))
        head()
        top[0] = self.cursor
        for index, row in enumerate(rows):
            if self.cursor + row_height > self.bottom:
                rule_columns()
                self.start_page()
                head()
                top[0] = self.cursor
            y = self.cursor
            for col, cx, tx, value in zip(columns, edges, anchors, row, strict=False):
                if isinstance(value, Cell):
                    self._cell(value, col, cx, tx, y, row_height, size)
                elif value is not None and value != "":
                    self._cell_text(str(value), col, tx, y, row_height, size)
                if not grid:
                    self.rect(cx, y, col.width, row_height, width=0.25)
            if grid:
                self.line(x, y + row_height, x + total_w, y + row_height, width=0.25)
            self.cursor += row_height
            if on_row is not None:
                on_row(index)
        rule_columns()
