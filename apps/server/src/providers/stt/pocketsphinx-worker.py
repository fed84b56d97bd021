#!/usr/bin/python3
"""Pronunciation checks with pocketsphinx, for the SaySpell server.

One long-lived process: the acoustic model and the dictionary load once (~1 s), then each request
costs a few tens of milliseconds. JSON lines on stdin, one answer line per request on stdout.

  usage    pocketsphinx-worker.py [SUBTLEX word-frequency JSON: only its common words become distractors]
                                  [decoder options as JSON, e.g. {"-remove_noise": "no", "-agc": "max"}]
  request  {"id": 1, "word": "bat", "homophones": [], "pcm": "<base64 of 16 kHz mono s16le>"}
  answer   {"id": 1, "ok": true, "heard": "bad", "homophones": ["bat"], "similar": ["bad", "cat", ...],
            "expectedScore": -1500, "expectedTotal": -1600, "competitor": "bad", "competitorScore": -1435,
            "phoneScore": -1570,
            "phones": "B AE D", "frames": 56, "candidates": 60}
  failure  {"id": 1, "ok": false, "code": "UNKNOWN_WORD", "message": "..."}

Three searches over the same audio: the expected word alone (with every CMU pronunciation of it
and of its homophones), its competitors alone (words that sound like it: phones at a small edit
distance in the dictionary, and a few unrelated common words), and a free phone loop ("whatever
was said"). The Node side compares them: the expected word against its best competitor (acoustic
scores alone: the grammars differ in size), and against the phone loop (total scores: a clear word
fits about as well as free phones do). Scores are
log-likelihoods in pocketsphinx's log base (1.0001), summed over the utterance's frames (10 ms each).
"""

import base64
import json
import os
import re
import sys
import tempfile

# accents.py sits beside this file, also when the bench loads the worker from elsewhere
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from accents import ACCENTS, Accents  # noqa: E402

MODEL_DIR = os.environ.get("POCKETSPHINX_MODEL_DIR", "/usr/share/pocketsphinx/model/en-us")
HMM = os.path.join(MODEL_DIR, "en-us")
DICT = os.path.join(MODEL_DIR, "cmudict-en-us.dict")

MAX_SIMILAR = 40
# unrelated words of several shapes, so that a different word does not have to land on a neighbour;
# no very short ones: "go" or "dog" soak up any short, unclear recording of the right word
UNRELATED = [
    "apple", "music", "window", "yellow", "garden", "number", "river", "pencil", "table", "orange",
    "today", "mountain", "happy", "seven", "chicken", "doctor", "letter", "paper", "water",
]
WORD_RE = re.compile(r"^[a-z][a-z'-]*$")


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


def load_dictionary():
    """word -> list of pronunciations (tuples of phones); alternates like 'read(2)' join their word."""
    prons = {}
    with open(DICT, encoding="utf-8", errors="replace") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 2:
                continue
            word = re.sub(r"\(\d+\)$", "", parts[0])
            prons.setdefault(word, []).append(tuple(parts[1:]))
    return prons


def load_common(path, limit):
    """the most frequent words of a SUBTLEX list ([{word, count}] JSON), lower-cased."""
    if not path:
        return None
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    words = set()
    for e in entries:
        w = str(e.get("word", "")).lower()
        if WORD_RE.match(w):
            words.add(w)
        if len(words) >= limit:
            break
    return words


def build_index(prons, common):
    """pronunciation with one phone deleted (and the whole one) -> words; finds neighbours fast.
    Only common words become distractors: rare ones (names, spellings like 'bhatt') out-score the
    right word on a clear recording far too often."""
    index = {}
    for word, variants in prons.items():
        if not WORD_RE.match(word) or "'" in word or "-" in word:
            continue
        if common is not None and word not in common:
            continue
        for p in variants:
            for key in deletions(p):
                index.setdefault(key, set()).add(word)
    return index


def deletions(p):
    keys = {" ".join(p)}
    if len(p) > 1:
        for i in range(len(p)):
            keys.add(" ".join(p[:i] + p[i + 1:]))
    return keys


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


class Checker:
    def __init__(self, common_path=None, common_limit=30000, max_similar=MAX_SIMILAR, options=None):
        from pocketsphinx import pocketsphinx as ps

        config = ps.Decoder.default_config()
        config.set_string("-hmm", HMM)
        config.set_string("-dict", DICT)
        config.set_string("-logfn", "/dev/null")
        config.set_float("-samprate", 16000)
        # the node side trims the recording to its speech; pocketsphinx's own silence removal
        # adapts from one utterance to the next, so the three searches of one check would not
        # score the same audio
        config.set_boolean("-remove_silence", False)
        # not on by default (measured 2026-11-24, docs/performance.md): without -compallsen each
        # search scales its frames by the best of the senones its own words use, so the same word
        # over the same audio scores several hundred points lower inside the 40-word competitor
        # grammar than alone, and the three searches are not on one scale. With it (pass
        # {"-compallsen": true} as decoder options) they are, but thresholds set on the bench's dev
        # voices told 21 % of right words 'wrong' on its test voices (against 5 % as it is).
        options = dict(options or {})
        # "_accents": the eSpeak NG accents whose pronunciations join the CMU ones ([] for none)
        accents = options.pop("_accents", ACCENTS)
        for name, value in options.items():
            if isinstance(value, bool):
                config.set_boolean(name, value)
            elif isinstance(value, (int, float)):
                config.set_float(name, float(value))
            else:
                config.set_string(name, str(value))
        self.decoder = ps.Decoder(config)
        self.prons = load_dictionary()
        # a free phone loop as a grammar of one-phone words: the allphone search of this
        # pocketsphinx release takes seconds per utterance, a grammar takes tens of milliseconds
        phones = sorted({ph for variants in self.prons.values() for p in variants for ph in p})
        for ph in phones:
            self.decoder.add_word("ph_" + ph.lower(), ph, 0)
        loop = " | ".join("ph_" + ph.lower() for ph in phones)
        self.decoder.set_jsgf_string("phones", "#JSGF V1.0;\ngrammar phones;\npublic <utt> = (%s)+;\n" % loop)
        self.common = load_common(common_path, common_limit)
        self.index = build_index(self.prons, self.common)
        self.max_similar = max_similar
        self.cache = {}
        self.accents = Accents(accents) if accents else None
        self.spellings = {}  # word -> its names in the dictionary (the word and its accents' entries)

    def candidates(self, word, homophones):
        """the expected word, its homophones and the distractors, all in the dictionary."""
        key = (word, tuple(homophones))
        if key in self.cache:
            return self.cache[key]
        mine = self.prons[word]
        same = {word}
        for h in homophones:
            if h in self.prons:
                same.add(h)
        for p in mine:
            same.update(self.index.get(" ".join(p), ()))
        # words sharing a pronunciation exactly are homophones, whatever the caller said
        same = {w for w in same if w == word or w in homophones or any(q in mine for q in self.prons.get(w, []))}
        near = {}
        for p in mine:
            for k in deletions(p):
                for other in self.index.get(k, ()):
                    if other in same:
                        continue
                    d = min(edit_distance(p, q) for q in self.prons[other])
                    if d <= 2:
                        near[other] = min(d, near.get(other, 99))
        similar = sorted(near, key=lambda w: (near[w], len(w), w))[: self.max_similar]
        unrelated = [w for w in UNRELATED if w not in same and w not in near and w in self.prons]
        result = (sorted(same), similar, unrelated, self.with_accents(sorted(same), similar + unrelated))
        if len(self.cache) > 2000:
            self.cache.clear()
        self.cache[key] = result
        return result

    def with_accents(self, same, others):
        """the grammar entries of the expected words and of their competitors: each word with its
        accents' pronunciations as extra dictionary entries ("word__a1"). An accent's pronunciation
        that is another side's CMU pronunciation is left out (Caribbean "three" is CMU's "tree"):
        the standard dictionary decides which word a sound is, the accents only widen a word."""
        if self.accents is None:
            return same, others
        mine = {p for w in same for p in self.prons[w]}
        theirs = {p for w in others for p in self.prons[w]}
        expected = [n for w in same for n in self.spellings_of(w, theirs)]
        competitors = [n for w in others for n in self.spellings_of(w, mine)]
        return expected, competitors

    def spellings_of(self, word, taken):
        extra = []
        for i, p in enumerate(self.accents.pronunciations(word)):
            if p in self.prons[word] or p in taken:
                continue
            name = "%s__a%d" % (word, i)
            if name not in self.spellings:
                self.decoder.add_word(name, " ".join(p), False)
                self.spellings[name] = word
            extra.append(name)
        return [word] + extra

    def decode(self, pcm):
        d = self.decoder
        d.start_utt()
        d.process_raw(pcm, False, True)
        d.end_utt()
        hyp = d.hyp()
        return hyp, d.n_frames()

    def check(self, req):
        word = str(req.get("word", "")).lower()
        homophones = [str(h).lower() for h in req.get("homophones", []) if isinstance(h, str)]
        if word not in self.prons:
            return {"ok": False, "code": "UNKNOWN_WORD", "message": "We cannot check the pronunciation of this word."}
        same, similar, unrelated, (expected_entries, competitor_entries) = self.candidates(word, homophones)
        pcm = base64.b64decode(req["pcm"])
        expected_score, expected_total, _, frames = self.search("expected", expected_entries, pcm)
        competitor_score, _, competitor, _ = self.search("competitors", competitor_entries, pcm)
        competitor = self.spellings.get(competitor, competitor)
        self.decoder.set_search("phones")
        phone_hyp, _ = self.decode(pcm)
        # the phone loop's own prior (a cost per phone) stays in: it is what keeps "any phones"
        # from explaining every recording perfectly
        phone_score = phone_hyp.best_score if phone_hyp is not None and phone_hyp.hypstr else None
        if expected_score is None and competitor_score is None:
            heard = ""
        elif competitor_score is None or (expected_score is not None and expected_score >= competitor_score):
            heard = word
        else:
            heard = competitor
        return {
            "ok": True,
            "heard": heard,
            "homophones": same,
            "similar": similar,
            "expectedScore": expected_score,
            "expectedTotal": expected_total,
            "competitor": competitor,
            "competitorScore": competitor_score,
            "phoneScore": phone_score,
            "phones": phone_hyp.hypstr.replace("ph_", "") if phone_hyp is not None else "",
            "frames": frames,
            "candidates": len(same) + len(similar) + len(unrelated),
        }

    def search(self, name, words, pcm):
        """the best of `words` over the audio: (acoustic score, total score, word, frames)"""
        if not words:
            return None, None, "", 0
        grammar = "#JSGF V1.0;\ngrammar %s;\npublic <utt> = %s;\n" % (name, " | ".join(words))
        self.decoder.set_jsgf_string(name, grammar)
        self.decoder.set_search(name)
        hyp, frames = self.decode(pcm)
        if hyp is None or not hyp.hypstr.strip():
            return None, None, "", frames
        return self.acoustic_score(), hyp.best_score, hyp.hypstr.strip(), frames

    def acoustic_score(self):
        """the best path's acoustic score alone: its grammar score (log 1/N for N alternatives,
        times the language weight) would favour the expected word's small grammar over the
        competitors' large one, by an amount that depends on how many competitors a word has"""
        return sum(seg.ascore for seg in self.decoder.seg())


def main():
    try:
        options = json.loads(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None
        checker = Checker(sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None, options=options)
    except Exception as err:  # the Node side reports this as 'not available'
        print(json.dumps({"id": 0, "ok": False, "code": "START_FAILED", "message": str(err)}), flush=True)
        return 1
    print(json.dumps({"id": 0, "ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            answer = checker.check(req)
        except Exception as err:
            answer = {"ok": False, "code": "CHECK_FAILED", "message": str(err)}
        answer["id"] = rid
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
