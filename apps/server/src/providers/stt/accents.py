"""Pronunciations of a word in several English accents, in the CMU phones of pocketsphinx's model.

The CMU dictionary is American; a Scottish "thirty" (θ ˈəɹ t e) or a Received Pronunciation
"letter" (l ˈɛ t ɐ) fits none of its entries, so a speaker who says the word right in their accent
was told it did not fit the audio. eSpeak NG (Debian's libespeak-ng, already installed for the
server's word audio) knows the word in several accents; its IPA is mapped here to CMU phones.
Loaded with ctypes: one call per word and accent costs well under a millisecond, no process.
"""

import ctypes
import ctypes.util
import sys

# eSpeak NG's English accents; en-us is the CMU dictionary's own accent and adds flaps and the like
ACCENTS = ["en-us", "en", "en-gb-x-rp", "en-gb-scotland", "en-029"]

# IPA (length marks and stress removed) -> CMU phones; longest match first
IPA_TO_CMU = {
    # consonants
    "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "ɡ": "G", "g": "G", "f": "F", "v": "V",
    "θ": "TH", "ð": "DH", "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M", "n": "N",
    "ŋ": "NG", "l": "L", "ɫ": "L", "ɹ": "R", "r": "R", "ɾ": "D", "w": "W", "ʍ": "W", "j": "Y",
    "tʃ": "CH", "dʒ": "JH", "x": "K", "ʔ": "T",
    # vowels
    "ɪ": "IH", "ᵻ": "IH", "ɨ": "IH", "i": "IY", "ɛ": "EH", "e": "EY", "æ": "AE", "a": "AE",
    "ɐ": "AH", "ə": "AH", "ɚ": "ER", "ɜ": "ER", "ʌ": "AH", "ɑ": "AA", "ɒ": "AA", "ɔ": "AO",
    "o": "OW", "ʊ": "UH", "u": "UW", "ʉ": "UW",
    "aɪ": "AY", "aʊ": "AW", "ʌʉ": "AW", "eɪ": "EY", "ɔɪ": "OY", "oʊ": "OW", "əʊ": "OW",
    "eə": "EH", "ɛə": "EH", "ɪə": "IH AH", "iə": "IY AH", "ʊə": "UH AH", "aɪə": "AY AH", "aɪɚ": "AY ER",
    "aʊə": "AW AH", "æʊ": "AW", "ʌʊ": "OW", "əi": "IY", "ɑɪ": "AY", "ɒɪ": "OY", "ɛɹ": "EH R", "ɪɹ": "IH R", "ʊɹ": "UH R", "əɹ": "ER", "ɜɹ": "ER",
    "əl": "AH L", "ə͡l": "AH L",
}
_KEYS = sorted(IPA_TO_CMU, key=len, reverse=True)
_DROP = {"ˈ", "ˌ", "ː", ":", "ˑ", "ʲ", "\u032a", "\u0361", "\u200d", "-"}  # stress, length, dental, ties


def to_cmu(ipa):
    """eSpeak's IPA for one word (phonemes separated by spaces) -> tuple of CMU phones, or None."""
    out = []
    segments = ipa.split()
    for n, seg in enumerate(segments):
        # a syllabic consonant (n̩, l̩) is a schwa and the consonant in CMU's spelling
        syllabic = "\u0329" in seg
        # a long 'a' (Scottish "last", l ˈa: s t) is the vowel of 'father'
        seg = seg.replace("a:", "ɑ").replace("aː", "ɑ").replace("aa", "ɑ")
        seg = "".join(ch for ch in seg if ch not in _DROP and ch != "\u0329")
        if syllabic:
            out.append("AH")
        # an unstressed final 'a' (Caribbean "letter", l ˈɛ t a) is a schwa, not the vowel of 'cat'
        if seg == "a" and n == len(segments) - 1 and len(segments) > 1:
            out.append("AH")
            continue
        i = 0
        while i < len(seg):
            for k in _KEYS:
                if seg.startswith(k, i):
                    out.extend(IPA_TO_CMU[k].split())
                    i += len(k)
                    break
            else:
                return None
    return tuple(out) or None


class Accents:
    """word -> its pronunciations in ACCENTS (CMU phones), or nothing when eSpeak NG is missing."""

    def __init__(self, accents=ACCENTS):
        self.accents = []
        self.cache = {}
        name = ctypes.util.find_library("espeak-ng") or "libespeak-ng.so.1"
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            sys.stderr.write("accents: libespeak-ng not found; CMU pronunciations only\n")
            return
        lib.espeak_Initialize.restype = ctypes.c_int
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int]
        # synchronous output, no audio device; only the text-to-phoneme half is used
        if lib.espeak_Initialize(2, 0, None, 0) <= 0:
            sys.stderr.write("accents: eSpeak NG did not start; CMU pronunciations only\n")
            return
        self.lib = lib
        self.accents = [a for a in accents if lib.espeak_SetVoiceByName(a.encode()) == 0]

    def ipa(self, accent, word):
        self.lib.espeak_SetVoiceByName(accent.encode())
        buf = ctypes.create_string_buffer((word + ".").encode())
        ptr = ctypes.c_char_p(ctypes.addressof(buf))
        # UTF-8 text; IPA phonemes separated by spaces (bit 1, separator in bits 8-23)
        out = self.lib.espeak_TextToPhonemes(ctypes.byref(ptr), 1, 0x02 | (ord(" ") << 8))
        return out.decode("utf-8", "replace") if out else ""

    def pronunciations(self, word):
        if word in self.cache:
            return self.cache[word]
        found = []
        for accent in self.accents:
            p = to_cmu(self.ipa(accent, word))
            if p and p not in found:
                found.append(p)
        if len(self.cache) > 20000:
            self.cache.clear()
        self.cache[word] = found
        return found


if __name__ == "__main__":
    # accents.py WORD...: each word's IPA and CMU phones in each accent, as JSON (for tests and a look)
    import json

    acc = Accents()
    print(json.dumps({
        w: {a: {"ipa": acc.ipa(a, w), "cmu": " ".join(to_cmu(acc.ipa(a, w)) or ())} for a in acc.accents}
        for w in sys.argv[1:]
    }, ensure_ascii=False))
