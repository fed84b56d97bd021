import { readFile } from 'node:fs/promises';
import ESpeakNg, { type EspeakModule } from 'espeak-ng';
import { NORMAL_PROSODY, type Prosody } from './types.ts';
import { espeakProsodyArgs } from './voice-catalog.ts';
import { espeakVoice } from './voices.ts';

interface WasmExports {
  stackSave(): number;
  stackRestore(top: number): void;
  stackAlloc(bytes: number): number;
  __main_argc_argv(argc: number, argv: number): number;
}

interface Instance {
  module: EspeakModule;
  exports: WasmExports;
  stderr: string[];
}

const encoder = new TextEncoder();

// the server's TypeScript lib (ES2023, no DOM) declares no WebAssembly global: type what is used
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: object }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * Drives the eSpeak-NG command line compiled to WASM, in the calling thread.
 *
 * The build runs main() once per instance (getopt state is not reset and callMain is not exported),
 * so each synthesis gets a fresh instance of the module compiled once. Instantiating copies the
 * 18 MB of embedded voice data (~80 ms), so the next instance is prepared right after each run.
 */
export class EspeakWasmEngine {
  private spare: Promise<Instance> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly compiled: object) {}

  static async load(): Promise<EspeakWasmEngine> {
    const wasm = await readFile(new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng')));
    const engine = new EspeakWasmEngine(await wasmApi.compile(wasm));
    engine.prepareSpare();
    return engine;
  }

  /** Queues the request: the thread runs one main() at a time anyway, and each run takes the one spare. */
  synthesize(text: string, voice: string, prosody: Prosody = NORMAL_PROSODY): Promise<Uint8Array> {
    const checkedVoice = espeakVoice(voice);
    const run = this.queue.then(() => this.runOnce(text, checkedVoice, prosody));
    this.queue = run.catch(() => {});
    return run;
  }

  private async runOnce(text: string, voice: string, prosody: Prosody): Promise<Uint8Array> {
    const ready = this.spare ?? this.instantiate();
    this.spare = null;
    try {
      const instance = await ready;
      const { FS } = instance.module;
      // text goes in a file, never in argv, so nothing in it can be read as an option
      FS.writeFile('/input.txt', text);
      const args = ['-v', voice, ...espeakProsodyArgs(prosody), '-w', '/output.wav', '-f', '/input.txt'];
      const status = runMain(instance, args);
      if (status !== 0 || !FS.analyzePath('/output.wav').exists) {
        const reason = instance.stderr.find((line) => line.startsWith('Error')) ?? instance.stderr[0];
        throw new Error(`espeak-ng exited with status ${status}${reason ? `: ${reason}` : ''}`);
      }
      return FS.readFile('/output.wav');
    } finally {
      this.prepareSpare();
    }
  }

  private prepareSpare() {
    const spare = this.instantiate();
    spare.catch(() => {}); // a failed spare surfaces on the next synthesis, which retries
    this.spare = spare;
  }

  private async instantiate(): Promise<Instance> {
    const stderr: string[] = [];
    let exports: WasmExports | undefined;
    let fail: (err: unknown) => void = () => {};
    // a failed instantiateWasm hook never settles the module's own promise
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const module = await Promise.race([
      ESpeakNg({
        noInitialRun: true,
        arguments: [],
        thisProgram: 'espeak-ng',
        // the default sets process.exitCode to the program's exit status
        quit: (_status, toThrow) => {
          throw toThrow;
        },
        print: () => {},
        printErr: (line) => {
          if (stderr.length < 20) stderr.push(line);
        },
        instantiateWasm: (imports, receive) => {
          wasmApi.instantiate(this.compiled, imports).then((instance) => {
            exports = instance.exports as unknown as WasmExports;
            receive(instance, this.compiled);
          }, fail);
          return {};
        },
      }),
      failed,
    ]);
    if (!exports) throw new Error('espeak-ng WASM instance has no exports');
    return { module, exports, stderr };
  }
}

function runMain({ module, exports }: Instance, args: string[]): number {
  const argv = ['espeak-ng', ...args];
  const top = exports.stackSave();
  try {
    const pointers = argv.map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const at = exports.stackAlloc(bytes.length);
      module.HEAPU8.set(bytes, at);
      return at;
    });
    const argvAt = exports.stackAlloc((argv.length + 1) * 4);
    module.HEAPU32.set([...pointers, 0], argvAt / 4);
    return exports.__main_argc_argv(argv.length, argvAt);
  } catch (err) {
    // exit() unwinds through the wasm stack as a thrown ExitStatus
    if (isExitStatus(err)) return err.status;
    throw err;
  } finally {
    exports.stackRestore(top);
  }
}

function isExitStatus(err: unknown): err is { status: number } {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { name?: unknown }).name === 'ExitStatus' &&
    typeof (err as { status?: unknown }).status === 'number'
  );
}
