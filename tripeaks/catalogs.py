"""The game's words in every language: gettext catalogs, read without any tool.

One set of catalogs serves the web page (build.py turns each into a compact
JSON file: :func:`page_catalog`), the engine's messages (the engine sends kinds
and numbers; whoever shows them words them from here) and the command line
(:func:`for_environment` follows ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
``LANG`` as gettext does).

The catalogs live beside this module: ``locale/messages.pot`` holds every
message in English, each under a stable key (its ``msgctxt``), and
``locale/<code>.po`` holds one language. A message's placeholders are
``{name}``; a message with a plural (``msgid_plural``) chooses its form by the
number in ``{count}``. docs/translating.md says how to correct or add a language.
"""

from __future__ import annotations

import gettext
import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
TEMPLATE = LOCALE_DIR / "messages.pot"


@dataclass(frozen=True)
class Language:
    """A language the game speaks: its code (BCP 47), its own name, its writing
    direction, its gettext plural rule, and the CLDR plural category of each of
    that rule's forms (what ``Intl.PluralRules`` answers, in the page)."""

    code: str
    name: str
    plural_forms: str
    categories: tuple[str, ...]
    direction: str = "ltr"


_ONE_OTHER = "nplurals=2; plural=(n != 1);"
_SLAVIC = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
           "(n%100<10 || n%100>=20) ? 1 : 2);")

LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", _ONE_OTHER, ("one", "other")),
    Language("fr", "Français", "nplurals=2; plural=(n > 1);", ("one", "other")),
    Language("de", "Deutsch", _ONE_OTHER, ("one", "other")),
    Language("es", "Español", _ONE_OTHER, ("one", "other")),
    Language("it", "Italiano", _ONE_OTHER, ("one", "other")),
    Language("pt-BR", "Português (Brasil)", "nplurals=2; plural=(n > 1);", ("one", "other")),
    Language("nl", "Nederlands", _ONE_OTHER, ("one", "other")),
    Language("pl", "Polski", "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
             "(n%100<10 || n%100>=20) ? 1 : 2);", ("one", "few", "many")),
    Language("ru", "Русский", _SLAVIC, ("one", "few", "many")),
    Language("tr", "Türkçe", _ONE_OTHER, ("one", "other")),
    Language("ja", "日本語", "nplurals=1; plural=0;", ("other",)),
    Language("zh-CN", "简体中文", "nplurals=1; plural=0;", ("other",)),
    Language("ar", "العربية", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
             "n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
             ("zero", "one", "two", "few", "many", "other"), "rtl"),
)}
"""Every language, in the order Options lists them."""

PSEUDO = "en-XA"
"""The pseudo-locale: English accented, bracketed and made about 40% longer, so a
screen in it shows any word that does not come from a catalog, and any that overflows."""

SOURCE = "en"


class CatalogError(ValueError):
    """A catalog that cannot be read: where, and why."""


@dataclass
class Entry:
    """One message: its key, its English, and its forms in one language (one
    form, or one per plural form; empty while untranslated)."""

    key: str
    english: str
    english_plural: str | None = None
    forms: list[str] = field(default_factory=list)
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)

    @property
    def plural(self) -> bool:
        return self.english_plural is not None


@dataclass
class Catalog:
    """The messages of one language, by key, with its plural rule."""

    language: Language
    entries: dict[str, Entry]

    def _form(self, entry: Entry, count: object) -> str:
        if not entry.plural:
            return entry.forms[0] if entry.forms and entry.forms[0] else entry.english
        n = count if isinstance(count, int) else 0
        index = plural_index(self.language, abs(n))
        if entry.forms and index < len(entry.forms) and entry.forms[index]:
            return entry.forms[index]
        return entry.english if abs(n) == 1 else entry.english_plural or entry.english

    def text(self, key: str, **args: object) -> str:
        """The message ``key`` in this language with ``args`` put in its
        placeholders (numbers as Python writes them)."""
        entry = self.entries.get(key)
        if entry is None:
            raise KeyError(f"no message {key!r} in the catalogs")
        return fill(self._form(entry, args.get("count")), args)


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text``."""
    return set(_PLACEHOLDER.findall(text))


def fill(text: str, args: dict[str, object]) -> str:
    """``text`` with each ``{name}`` replaced by ``args[name]`` (left as it is when missing)."""
    return _PLACEHOLDER.sub(lambda m: str(args[m[1]]) if m[1] in args else m[0], text)


_plural_cache: dict[str, Callable[[int], int]] = {}


def _plural_function(rule: str) -> Callable[[int], int]:
    """gettext's own reading of a ``Plural-Forms`` header."""
    if rule not in _plural_cache:
        expression = rule.split("plural=", 1)[1].rstrip(";").strip()
        _plural_cache[rule] = gettext.c2py(expression)
    return _plural_cache[rule]


def plural_index(language: Language, n: int) -> int:
    """Which of ``language``'s plural forms gettext picks for ``n``."""
    return int(_plural_function(language.plural_forms)(n))


# ----------------------------------------------------------------------------- reading .po

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str, where: str) -> str:
    found = _STRING.fullmatch(text.strip())
    if found is None:
        raise CatalogError(f"{where}: expected a quoted string, found {text.strip()!r}")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[1]), found[1])


def read_po(path: Path) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the entries of a .po or .pot file, in file order.

    Only what the game's catalogs use: ``msgctxt`` (the key, required),
    ``msgid``, ``msgid_plural``, ``msgstr`` / ``msgstr[n]``, ``#`` comments and
    the ``fuzzy`` flag.
    """
    header: dict[str, str] = {}
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    flags: set[str] = set()
    current: str | None = None

    def finish(line_no: int) -> None:
        nonlocal fields, comments, flags, current
        if fields:
            if "msgid" not in fields:
                raise CatalogError(f"{path.name}:{line_no}: an entry without msgid")
            if "msgctxt" not in fields:
                if fields["msgid"] == "":
                    for line in fields.get("msgstr", "").splitlines():
                        name, _, value = line.partition(":")
                        header[name.strip()] = value.strip()
                else:
                    raise CatalogError(f"{path.name}:{line_no}: {fields['msgid']!r} has no "
                                       "msgctxt (every message is found by its key)")
            else:
                plural = fields.get("msgid_plural")
                if plural is None:
                    forms = [fields.get("msgstr", "")]
                else:
                    forms = []
                    while f"msgstr[{len(forms)}]" in fields:
                        forms.append(fields[f"msgstr[{len(forms)}]"])
                entries.append(Entry(fields["msgctxt"], fields["msgid"], plural, forms,
                                     "fuzzy" in flags, comments))
        fields, comments, flags, current = {}, [], set(), None

    lines = path.read_text(encoding="utf-8").splitlines()
    for line_no, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"{path.name}:{line_no}"
        if not line:
            finish(line_no)
        elif line.startswith("#,"):
            flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            if line.startswith("#.") or line.startswith("# "):
                comments.append(line[2:].strip())
        elif line.startswith('"'):
            if current is None:
                raise CatalogError(f"{where}: a string outside any field")
            fields[current] += _unquote(line, where)
        else:
            name, _, rest = line.partition(" ")
            if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d\])?", name):
                raise CatalogError(f"{where}: unknown field {name!r}")
            if name in fields:
                raise CatalogError(f"{where}: {name} twice in one entry")
            if name == "msgctxt" and fields:
                finish(line_no)
            fields[name] = _unquote(rest, where)
            current = name
    finish(len(lines) + 1)
    keys = [e.key for e in entries]
    twice = {k for k in keys if keys.count(k) > 1}
    if twice:
        raise CatalogError(f"{path.name}: keys given twice: {', '.join(sorted(twice))}")
    return header, entries


def template() -> list[Entry]:
    """Every message, in English (``locale/messages.pot``, then any ``new-*.pot``
    written beside it while a change is made, folded in before it lands)."""
    entries = read_po(TEMPLATE)[1]
    for extra in sorted(LOCALE_DIR.glob("new-*.pot")):
        entries += read_po(extra)[1]
    keys = [e.key for e in entries]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise CatalogError(f"keys given twice in the templates: {', '.join(twice)}")
    return entries


def po_path(code: str) -> Path:
    return LOCALE_DIR / f"{code}.po"


def load(code: str) -> Catalog:
    """The catalog of language ``code`` (English, or the pseudo-locale, are made
    from the template). Untranslated and fuzzy messages fall back to English."""
    if code == PSEUDO:
        return Catalog(LANGUAGES[SOURCE], {e.key: pseudo_entry(e) for e in template()})
    language = LANGUAGES[code]
    english = {e.key: e for e in template()}
    if code == SOURCE:
        return Catalog(language, english)
    _, translated = read_po(po_path(code))
    entries = dict(english)
    for entry in translated:
        if entry.key in english and not entry.fuzzy:
            entries[entry.key] = entry
    return Catalog(language, entries)


# ----------------------------------------------------------------------------- choosing

def best_language(wanted: list[str]) -> str:
    """The language to speak to someone who reads ``wanted``, best first (BCP 47
    tags or POSIX locales: ``fr-CA``, ``pt_PT.UTF-8``): the exact language, else
    one with the same primary language (pt-PT gets pt-BR, fr-CA gets fr), else English."""
    codes = {code.lower(): code for code in LANGUAGES}
    for tag in wanted:
        tag = tag.split(".")[0].split("@")[0].replace("_", "-").lower()
        if not tag or tag in ("c", "posix"):
            continue
        if tag in codes:
            return codes[tag]
        primary = tag.split("-")[0]
        for code in LANGUAGES:
            if code.lower().split("-")[0] == primary:
                return code
    return SOURCE


def environment_languages(env: dict[str, str] | None = None) -> list[str]:
    """What the environment asks for, as gettext reads it: ``LANGUAGE`` (a
    colon-separated list), else the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    env = dict(os.environ) if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            if name == "LANGUAGE":
                return [v for v in value.split(":") if v]
            return [value]
    return []


def for_environment(env: dict[str, str] | None = None) -> Catalog:
    """The catalog the command line speaks, chosen as gettext would."""
    return load(best_language(environment_languages(env)))


# ----------------------------------------------------------------------------- the page's form

def page_catalog(code: str) -> dict[str, object]:
    """One language as the page reads it (build.py writes it as JSON): the plural
    categories of its forms, and each message as a string or a list of forms."""
    catalog = load(code)
    messages: dict[str, object] = {}
    categories = catalog.language.categories
    for key, entry in catalog.entries.items():
        if not entry.plural:
            messages[key] = entry.forms[0] if entry.forms and entry.forms[0] else entry.english
        elif len(entry.forms) == len(categories) and all(entry.forms):
            messages[key] = entry.forms
        else:  # untranslated: English's two forms, put where each category wants them
            messages[key] = [entry.english if c == "one" else entry.english_plural
                             for c in categories]
    language = catalog.language
    return {
        "language": code,
        "direction": language.direction,
        "plurals": list(language.categories),
        "messages": messages,
    }


# ----------------------------------------------------------------------------- pseudo-locale

_ACCENTED = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ", strict=True,
))


def pseudo(text: str) -> str:
    """``text`` accented, about 40% longer and bracketed, its placeholders kept."""
    out = []
    for piece in re.split(r"(\{[a-z_][a-z0-9_]*\})", text):
        if _PLACEHOLDER.fullmatch(piece):
            out.append(piece)
            continue
        out.append("".join(_ACCENTED.get(c, c) for c in piece))
    body = "".join(out)
    letters = sum(c.isalpha() for c in text)
    # The padding in words of at most five, so it wraps where a translation's words would.
    extra = max(1, round(letters * 0.4)) if letters else 0
    padding = " ".join("~" * min(5, extra - i) for i in range(0, extra, 5))
    return f"[{body}{' ' + padding if padding else ''}]" if text else text


def pseudo_entry(entry: Entry) -> Entry:
    if entry.key == "card-letters":  # still thirteen letters, one to a card
        return Entry(entry.key, entry.english, None,
                     ["".join(_ACCENTED.get(c, c) for c in entry.english)])
    forms = [pseudo(entry.english)]
    if entry.plural:
        forms = [pseudo(entry.english), pseudo(entry.english_plural or entry.english)]
    return Entry(entry.key, entry.english, entry.english_plural, forms)


# ----------------------------------------------------------------------------- writing .po

_QUOTED = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}


def _quote(text: str) -> str:
    return '"' + "".join(_QUOTED.get(c, c) for c in text) + '"'


def write_po(path: Path, language: Language, entries: list[Entry]) -> None:
    """Write one language's catalog: its header, then each entry in the template's order."""
    lines = [
        f"# The game's messages in {language.name}. See docs/translating.md.",
        'msgid ""', 'msgstr ""',
        '"Project-Id-Version: tripeaks\\n"', f'"Language: {language.code.replace("-", "_")}\\n"',
        '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"', f'"Plural-Forms: {language.plural_forms}\\n"', "",
    ]
    for entry in entries:
        lines += [f"#. {c}" for c in entry.comments]
        if entry.fuzzy:
            lines.append("#, fuzzy")
        lines += [f"msgctxt {_quote(entry.key)}", f"msgid {_quote(entry.english)}"]
        if entry.plural:
            lines.append(f"msgid_plural {_quote(entry.english_plural or '')}")
            forms = entry.forms + [""] * (len(language.categories) - len(entry.forms))
            forms = forms[:len(language.categories)]
            lines += [f"msgstr[{i}] {_quote(f)}" for i, f in enumerate(forms)]
        else:
            lines.append(f"msgstr {_quote(entry.forms[0] if entry.forms else '')}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def sync(code: str) -> tuple[int, int, int]:
    """Bring ``locale/<code>.po`` in line with the template, as gettext's msgmerge
    does: new messages come in untranslated, gone ones leave, and a translation
    whose English changed is kept but marked fuzzy (used only once checked).
    Returns (added, removed, marked fuzzy)."""
    language = LANGUAGES[code]
    path = po_path(code)
    old = {e.key: e for e in read_po(path)[1]} if path.exists() else {}
    entries, added, fuzzy = [], 0, 0
    for source in template():
        before = old.get(source.key)
        forms: list[str] = []
        marked = False
        if before is None:
            added += 1
        else:
            forms = before.forms
            changed = ((before.english, before.english_plural)
                       != (source.english, source.english_plural))
            marked = before.fuzzy or (changed and any(forms))
            fuzzy += int(changed and any(forms) and not before.fuzzy)
        entries.append(Entry(source.key, source.english, source.english_plural, forms, marked,
                             source.comments))
    removed = len(set(old) - {e.key for e in entries})
    write_po(path, language, entries)
    return added, removed, fuzzy


def fill_po(code: str, translations: dict[str, str | list[str]]) -> int:
    """Put ``translations`` (key -> the text, or a plural's forms in the order of the
    language's Plural-Forms) into ``locale/<code>.po``, clearing their fuzzy flags.
    Returns how many entries it filled. For a translator's script or tool."""
    language = LANGUAGES[code]
    entries = read_po(po_path(code))[1]
    known = {e.key for e in entries}
    unknown = sorted(set(translations) - known)
    if unknown:
        raise CatalogError(f"{code}: no such messages: {', '.join(unknown)}")
    for entry in entries:
        if entry.key in translations:
            value = translations[entry.key]
            entry.forms = [value] if isinstance(value, str) else list(value)
            entry.fuzzy = False
    write_po(po_path(code), language, entries)
    return len(translations)


def main(argv: list[str] | None = None) -> int:
    """``python -m tripeaks.catalogs sync [CODE...]``: every (or each named) .po in
    line with the template; ``check``: what is untranslated or fuzzy, by language;
    ``fill CODE FILE.json``: put a JSON object of key -> translation into CODE's .po."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 3 and args[0] == "fill":
        try:
            filled = fill_po(args[1], json.loads(Path(args[2]).read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError) as exc:
            print(f"fill: {exc}", file=sys.stderr)
            return 2
        print(f"{args[1]}: {filled} messages filled")
        return 0
    if not args or args[0] not in ("sync", "check"):
        print("usage: python -m tripeaks.catalogs sync|check [CODE...] | fill CODE FILE.json",
              file=sys.stderr)
        return 2
    codes = args[1:] or [c for c in LANGUAGES if c != SOURCE]
    unknown = [c for c in codes if c not in LANGUAGES or c == SOURCE]
    if unknown:
        print(f"unknown language: {', '.join(unknown)} (known: {', '.join(LANGUAGES)})",
              file=sys.stderr)
        return 2
    missing = 0
    for code in codes:
        if args[0] == "sync":
            added, removed, fuzzy = sync(code)
            print(f"{code}: {added} new, {removed} gone, {fuzzy} to check (fuzzy)")
        else:
            entries = read_po(po_path(code))[1]
            todo = [e.key for e in entries if e.fuzzy or not e.forms or not all(e.forms)]
            missing += len(todo)
            more = " …" if len(todo) > 8 else ""
            print(f"{code}: {len(entries) - len(todo)} of {len(entries)} translated"
                  + (f"; to do: {', '.join(todo[:8])}{more}" if todo else ""))
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
