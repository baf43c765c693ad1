"""Character encodings of tournament files: what a file is read as, and what it is written back as.

Tournament programs on Windows write TRF in their code page (Windows-1250 in Poland,
Windows-1251 in Russia, Windows-1252 in western Europe); JaVaFo recommends UTF-8.  A file is
read as:

1. the encoding the user named (``--encoding``);
2. UTF-8, UTF-16 or UTF-32 when it starts with a byte-order mark;
3. UTF-8 when it is valid UTF-8 (plain ASCII is);
4. otherwise a single-byte code page, guessed by charset-normalizer among :data:`CODE_PAGES`
   only.  Where the guess is a tie between Latin code pages (short names give the detector
   little to go on), the federations of the players with non-ASCII names decide the family
   (``POL`` → Windows-1250, ``RUS`` → Windows-1251, ``FRA`` → Windows-1252), within a
   margin of the detector's measure.

A guess is reported (:attr:`Decoded.guessed`): the CLI says on stderr which encoding it
assumed.  Writing back uses the encoding read (:func:`encode_text`), byte-order mark
included; a character the target encoding cannot hold is an error, never a silent ``?``.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from .errors import InvalidInputError
from .i18n import N_

__all__ = ["CODE_PAGES", "Decoded", "check_encoding_name", "decode_bytes", "encode_text"]

#: The single-byte code pages a file without byte-order mark may be in (issue 9).
CODE_PAGES = ("cp1250", "cp1251", "cp1252", "iso8859-1", "iso8859-2", "iso8859-5", "koi8-r")

#: Byte-order marks, longest first (the UTF-32-LE mark starts with the UTF-16-LE one).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

#: Federations (FIDE codes) whose names are usually written in Cyrillic or in a Central European
#: Latin alphabet; every other federation counts as western (Windows-1252 / ISO-8859-1).
_CYRILLIC_FEDERATIONS = frozenset(
    ["RUS", "UKR", "BLR", "BUL", "SRB", "MKD", "KAZ", "KGZ", "TJK", "MGL"]
)
_CENTRAL_FEDERATIONS = frozenset(
    ["POL", "CZE", "SVK", "HUN", "CRO", "SLO", "ROU", "BIH", "ALB", "MNE"]
)
_FAMILY = {
    "cp1250": "central",
    "iso8859-2": "central",
    "cp1251": "cyrillic",
    "iso8859-5": "cyrillic",
    "koi8-r": "cyrillic",
    "cp1252": "western",
    "iso8859-1": "western",
}
#: How much more chaos (charset-normalizer's measure, 0-1) a code page of the players' family
#: may show than the detector's best and still be preferred: short names give the detector
#: little to go on (``Łódź`` in Windows-1250 measured 0.048 against 0.0 for Windows-1252).
_NEAR = 0.15
#: Detector sample: lines with non-ASCII bytes only, at most this many bytes (bounded time).
_SAMPLE_BYTES = 64 * 1024


@dataclass(frozen=True)
class Decoded:
    """A file's text and how it was decoded."""

    text: str
    """The text, without byte-order mark."""
    encoding: str
    """Python codec name the bytes were decoded with (e.g. ``utf-8``, ``cp1251``)."""
    bom: bool = False
    """Whether the file started with a byte-order mark (written back with one)."""
    guessed: bool = False
    """Whether the encoding is a guess of the detector (the user is told)."""
    newline: str = "\n"
    """The line end most lines of the file have (``\n``, ``\r\n`` or ``\r``; TRF16 says CR):
    a file written back gets the same."""


def _newline(text: str) -> str:
    crlf = text.count("\r\n")
    cr, lf = text.count("\r") - crlf, text.count("\n") - crlf
    best = max((crlf, "\r\n"), (cr, "\r"), (lf, "\n"))
    return best[1] if best[0] else "\n"


def _decoded(text: str, encoding: str, *, bom: bool = False, guessed: bool = False) -> Decoded:
    return Decoded(text, encoding, bom=bom, guessed=guessed, newline=_newline(text))


def check_encoding_name(name: str, option: str = "--encoding") -> str:
    """The codec's canonical name; an unknown name is an invalid request (exit 3)."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise InvalidInputError(N_("unknown encoding {name!r}"), where=option, name=name) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of byte ``offset``."""
    before = data[:offset]
    line = before.count(b"\n") + (before.count(b"\r") - before.count(b"\r\n")) + 1
    start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    return line, offset - start + 1


def _strict(data: bytes, encoding: str, filename: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        from .errors import InvalidTrfError

        line, column = _position(data, exc.start)
        raise InvalidTrfError(
            N_("byte {byte} cannot be read as {encoding}"),
            filename=filename,
            line=line,
            column=column,
            byte=f"0x{data[exc.start]:02x}",
            encoding=encoding,
        ) from None


def decode_bytes(data: bytes, *, encoding: str | None = None, filename: str = "") -> Decoded:
    """Decode a tournament file by the rules of this module."""
    if encoding:
        name = check_encoding_name(encoding)
        for bom, bom_codec in _BOMS:
            if data.startswith(bom) and codecs.lookup(bom_codec).name.startswith(
                name.replace("-sig", "")
            ):
                return _decoded(_strict(data[len(bom) :], bom_codec, filename), bom_codec, bom=True)
        text = _strict(data, name, filename)
        if text.startswith("\ufeff"):
            return _decoded(text[1:], name, bom=True)
        return _decoded(text, name)
    for bom, bom_codec in _BOMS:
        if data.startswith(bom):
            return _decoded(_strict(data[len(bom) :], bom_codec, filename), bom_codec, bom=True)
    try:
        return _decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    chosen = _guess_code_page(data)
    return _decoded(data.decode(chosen, errors="replace"), chosen, guessed=True)


_TRF_LINE = re.compile(rb"[^\r\n]+")


def _guess_code_page(data: bytes) -> str:
    """charset-normalizer restricted to :data:`CODE_PAGES`, on the lines with non-ASCII bytes."""
    lines = [m.group() for m in _TRF_LINE.finditer(data) if not m.group().isascii()]
    sample = b"\n".join(lines)[:_SAMPLE_BYTES]
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a dependency; kept usable without it
        return "cp1252"
    matches = list(from_bytes(sample, cp_isolation=list(CODE_PAGES)))
    if not matches:
        return "cp1252" if not _undefined_in(sample, "cp1252") else "iso8859-1"
    names = [codecs.lookup(m.encoding).name for m in matches]
    best = min(m.chaos for m in matches)
    near = [n for n, m in zip(names, matches, strict=True) if m.chaos <= best + _NEAR]
    family = _federation_family(lines)
    if family is not None:
        for name in near:
            if _FAMILY.get(name) == family:
                return _prefer_windows(name, sample)
    return _prefer_windows(names[0], sample)


def _undefined_in(sample: bytes, codec: str) -> bool:
    try:
        sample.decode(codec)
    except UnicodeDecodeError:
        return True
    return False


def _prefer_windows(name: str, sample: bytes) -> str:
    """Between a Windows code page and its ISO sibling, decided by the bytes: 0x80-0x9F are
    control characters in ISO-8859 (so the Windows page it is); ``ˇ ± ¦ ¶ ¬`` of Windows-1250
    stand where ISO-8859-2 has ``Ą ą Ś ś Ź`` (so a name with them is ISO-8859-2), and 0xBC
    after a small letter is ``ź`` there rather than the capital ``Ľ`` of Windows-1250; the Latin-1
    pair read the same without 0x80-0x9F, and the Windows name is kept."""
    c1 = any(0x80 <= b <= 0x9F for b in sample)
    if name in ("cp1250", "iso8859-2"):
        if c1:
            return "cp1250"
        iso = any(b in _ISO_8859_2_LETTERS for b in sample) or re.search(
            rb"[a-z\xb3\xf3]\xbc", sample
        )
        return "iso8859-2" if iso else "cp1250"
    if name in ("cp1252", "iso8859-1"):
        return (
            "cp1252"
            if c1 or name == "cp1252" or not _undefined_in(sample, "cp1252")
            else "iso8859-1"
        )
    return name


#: Bytes that are letters in ISO-8859-2 but symbols in Windows-1250 (``Ą ą Ś ś Ź``).
_ISO_8859_2_LETTERS = frozenset(b"\xa1\xb1\xa6\xb6\xac")


def _federation_family(lines: list[bytes]) -> str | None:
    """The code-page family most players with non-ASCII names belong to (001 columns 54-56)."""
    votes: dict[str, int] = {}
    for line in lines:
        if not line.startswith(b"001") or len(line) < 56:
            continue
        fed = line[53:56].decode("ascii", errors="replace").strip().upper()
        if not fed:
            continue
        family = (
            "cyrillic"
            if fed in _CYRILLIC_FEDERATIONS
            else "central"
            if fed in _CENTRAL_FEDERATIONS
            else "western"
        )
        votes[family] = votes.get(family, 0) + 1
    if not votes:
        return None
    return max(votes, key=lambda k: votes[k])


def encode_text(
    text: str, decoded_as: Decoded | None, *, encoding: str | None = None, filename: str = ""
) -> bytes:
    """``text`` (LF line ends) in the encoding a file was read in (or ``encoding``),
    byte-order mark and line ends included; a character the encoding cannot hold is an
    :class:`InvalidInputError` naming the line, never a silent substitution."""
    bom = False
    if encoding:
        name = check_encoding_name(encoding, "--output-encoding")
    elif decoded_as is not None:
        name, bom = decoded_as.encoding, decoded_as.bom
    else:
        name = "utf-8"
    try:
        data = text.encode(name)
        if decoded_as is not None and decoded_as.newline != "\n":
            data = text.replace("\n", decoded_as.newline).encode(name)
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        column = exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1
        raise InvalidInputError(
            N_(
                "line {line}, column {column}: character {char!r} cannot be written in {encoding} "
                "(choose another with --output-encoding)"
            ),
            where=filename,
            line=line,
            column=column,
            char=text[exc.start],
            encoding=name,
        ) from None
    if bom:
        marks = {
            "utf-8": codecs.BOM_UTF8,
            "utf-16-le": codecs.BOM_UTF16_LE,
            "utf-16-be": codecs.BOM_UTF16_BE,
            "utf-32-le": codecs.BOM_UTF32_LE,
            "utf-32-be": codecs.BOM_UTF32_BE,
        }
        data = marks.get(name, b"") + data
    elif encoding and name in ("utf-16", "utf-32"):
        pass  # Python's utf-16/utf-32 codecs write their own byte-order mark
    return data
