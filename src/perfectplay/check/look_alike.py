"""How a student's name looks: two row names that read the same are one name to a teacher.

A class folder's names are what students chose (a profile name an LMS put in the folder's name), and a
grades file is read by eye: ``José`` spelt with a combining accent, ``bob`` with a no-break space after it,
``alice`` with a Cyrillic ``\u0430`` or a zero-width space in it each look like a classmate's name while being
another. ``looks`` maps a name to what a reader sees, so a roster can tell such rows apart.
"""

from __future__ import annotations

import unicodedata

LATIN_TWINS = str.maketrans(
    # Cyrillic and Greek letters drawn as Latin ones in common fonts (Unicode's confusables, the plain cases),
    # Cyrillic A VE IE KA EM EN O ER ES TE U HA DZE I JE, their small letters and KOMI DE, SHHA, QA, WE, IZHITSA;
    # Greek ALPHA to CHI where a capital is a Latin one, and small OMICRON, NU, TAU.
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425\u0405\u0406\u0408\u0501"
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u04bb\u051b\u051d\u0475\u0391\u0392"
    "\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03bf\u03bd\u03c4",
    "ABEKMHOPCTYXSIJdaeopcyxsijhqwvABEZHIKMNOPTYXovt",
)


def looks(name: str) -> str:
    """``name`` as a reader sees it: compatibility forms folded (NFKC), invisible format characters dropped,
    look-alike letters made Latin, runs of spaces one space, none at the ends."""
    folded = unicodedata.normalize("NFKC", name)
    visible = "".join(char for char in folded if unicodedata.category(char) != "Cf")
    return " ".join(visible.translate(LATIN_TWINS).split())
