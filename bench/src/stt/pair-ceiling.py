#!/usr/bin/python3
"""How well pocketsphinx's acoustic model alone tells a word from its minimal pair.

Each recording of the bench (made by `npm run stt-accuracy -w @sayspell/bench`, kept in
$TMPDIR/sayspell-stt-recordings) is forced through the said word and through its pair's other word,
each as a one-word grammar; the share where the said word scores higher is the best any decision on
these scores can do for similar words. Run with decoder options as JSON, e.g.

  /usr/bin/python3 bench/src/stt/pair-ceiling.py '{}'
  /usr/bin/python3 bench/src/stt/pair-ceiling.py '{"-remove_noise": false}'
  /usr/bin/python3 bench/src/stt/pair-ceiling.py '{"_telephone": true}'   # 130-3500 Hz filters, 8 kHz audio
  /usr/bin/python3 bench/src/stt/pair-ceiling.py '{"_compallsen": false}'  # as before 2026-11-24: not comparable
"""
import json
import os
import sys
import tempfile
import wave

from pocketsphinx import pocketsphinx as ps

MODEL = "/usr/share/pocketsphinx/model/en-us"
PAIRS = [("ship", "sheep"), ("bit", "beat"), ("full", "fool"), ("cat", "cut"), ("bed", "bad"), ("berry", "very"),
         ("light", "right"), ("sink", "think"), ("pull", "pool"), ("walk", "work"), ("boat", "bought"),
         ("glass", "grass"), ("sheet", "seat"), ("watch", "wash"), ("vest", "best"), ("price", "prize")]
VOICES = ["flite_kal", "flite_slt", "espeak-ng_en-us@160", "festival_kal_diphone",
          "festival_cmu_us_slt_arctic_hts", "espeak-ng_en-gb-x-rp+f3@140"]

opts = json.loads(sys.argv[1] if len(sys.argv) > 1 else "{}")
telephone = opts.pop("_telephone", False)
hmm = os.path.join(MODEL, "en-us")
if telephone:
    # the model's own feat.params fixes 130-6800 Hz; a copy with 130-3500 Hz for 8 kHz audio
    hmm = tempfile.mkdtemp()
    for name in os.listdir(os.path.join(MODEL, "en-us")):
        if name != "feat.params":
            os.symlink(os.path.join(MODEL, "en-us", name), os.path.join(hmm, name))
    with open(os.path.join(MODEL, "en-us", "feat.params")) as src, open(os.path.join(hmm, "feat.params"), "w") as dst:
        for line in src:
            dst.write("-upperf 3500\n" if line.startswith("-upperf") else line)
config = ps.Decoder.default_config()
config.set_string("-hmm", hmm)
config.set_string("-dict", os.path.join(MODEL, "cmudict-en-us.dict"))
config.set_string("-logfn", "/dev/null")
config.set_boolean("-remove_silence", False)
# all senones in every frame (as the worker does): otherwise each search scales its frames by the
# best of its own active senones and two one-word searches are not on one scale
config.set_boolean("-compallsen", opts.pop("_compallsen", True))
config.set_float("-samprate", 8000 if telephone else 16000)
if telephone:
    config.set_int("-nfft", 256)
for k, v in opts.items():
    if isinstance(v, bool):
        config.set_boolean(k, v)
    elif isinstance(v, int):
        config.set_int(k, v)
    elif isinstance(v, float):
        config.set_float(k, v)
    else:
        config.set_string(k, v)
decoder = ps.Decoder(config)
searches = set()


def score(pcm, word):
    if word not in searches:
        decoder.set_jsgf_string("w_" + word, "#JSGF V1.0;\ngrammar g;\npublic <utt> = %s;\n" % word)
        searches.add(word)
    decoder.set_search("w_" + word)
    decoder.start_utt()
    decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    hyp = decoder.hyp()
    return hyp.best_score if hyp is not None and hyp.hypstr else -1e9


def downsample(pcm):
    # every other sample after the recording's own band-limit (the call conditions already cut at 3.4 kHz)
    samples = memoryview(pcm).cast("h")
    return b"".join(samples[i:i + 1].tobytes() for i in range(0, len(samples), 2))


root = os.path.join(tempfile.gettempdir(), "sayspell-stt-recordings")
result = {}
for cond in ["c0", "c1", "c2"]:
    ok = total = 0
    for voice in VOICES:
        for a, b in PAIRS:
            for said, other in ((a, b), (b, a)):
                path = os.path.join(root, voice, "%s.%s.wav" % (said, cond))
                if not os.path.exists(path):
                    continue
                with wave.open(path) as w:
                    pcm = w.readframes(w.getnframes())
                if telephone:
                    pcm = downsample(pcm)
                total += 1
                ok += score(pcm, said) > score(pcm, other)
    result[cond] = round(ok / max(1, total), 3)
print(json.dumps({"options": sys.argv[1] if len(sys.argv) > 1 else "{}", "saidBeatsPair": result, "recordings": total}))
