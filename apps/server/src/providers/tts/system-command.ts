import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { Limiter } from './limiter.ts';
import { NORMAL_PROSODY, type Prosody, type SpeechSynthesizer, TtsError, type VoiceInfo } from './types.ts';
import {
  espeakProsodyArgs,
  fliteProsodyArgs,
  parseEspeakVoices,
  parseFliteVoices,
  programOutput,
} from './voice-catalog.ts';
import { espeakVoice, fliteVoice } from './voices.ts';

export interface SystemCommandOptions {
  /** Absolute path of the program; looked up on PATH when absent. */
  executable?: string;
  /** The process is killed (SIGKILL) after this long. */
  timeoutMs?: number;
  /** Processes running at once; more wait in a queue of `maxQueue`. */
  concurrency?: number;
  maxQueue?: number;
  /** a positive nice value runs the program at a lower cpu priority (the public lane) */
  niceness?: number;
}

export interface CommandLine {
  /** Maps the requested voice to the program's own name for it, or throws a BAD_VOICE TtsError. */
  voice(requested: string): string;
  args(voice: string, inputFile: string, outputFile: string, prosody: Prosody): string[];
  /** The voices the program has (it is asked once). */
  voices?(executable: string): Promise<VoiceInfo[]>;
}

/** Absolute path of an executable file on PATH, or null; no shell involved. */
export function findExecutable(name: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    // relative PATH entries depend on the working directory: never trust them
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** A text-to-speech program run once per synthesis, text in a file and WAV out to a file. */
export class SystemCommandSynthesizer implements SpeechSynthesizer {
  private readonly limiter: Limiter;
  private readonly timeoutMs: number;
  private readonly niceness: number;

  constructor(
    readonly name: string,
    private readonly executable: string,
    private readonly command: CommandLine,
    options: SystemCommandOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.niceness = options.niceness ?? 0;
    this.limiter = new Limiter(options.concurrency ?? availableParallelism(), options.maxQueue ?? 256);
  }

  private voiceList: Promise<VoiceInfo[]> | undefined;

  async synthesize(text: string, voice: string, prosody: Prosody = NORMAL_PROSODY): Promise<Uint8Array> {
    const programVoice = this.command.voice(voice);
    return this.limiter.run(() => this.runOnce(text, programVoice, prosody));
  }

  voices(): Promise<VoiceInfo[]> {
    if (!this.command.voices) return Promise.resolve([]);
    this.voiceList ??= this.command.voices(this.executable);
    // a failed listing is asked again next time
    this.voiceList.catch(() => {
      this.voiceList = undefined;
    });
    return this.voiceList;
  }

  private async runOnce(text: string, voice: string, prosody: Prosody): Promise<Uint8Array> {
    const dir = await mkdtemp(join(tmpdir(), 'sayspell-tts-'));
    try {
      const input = join(dir, 'input.txt');
      const output = join(dir, 'output.wav');
      // the text travels in a file: never in argv (option injection) nor in error messages and logs
      await writeFile(input, text, 'utf8');
      await this.exec(this.command.args(voice, input, output, prosody));
      const wav = await readFile(output).catch(() => null);
      if (!wav) throw new TtsError('TTS_FAILED', `${this.name} wrote no audio file.`);
      return new Uint8Array(wav);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private exec(args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        this.executable,
        args,
        { timeout: this.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, windowsHide: true },
        (err, _stdout, stderr) => {
          if (!err) return resolve();
          const timedOut = (err as { killed?: boolean }).killed === true;
          const reason = timedOut
            ? `took longer than ${this.timeoutMs} ms`
            : String(stderr).trim().split('\n')[0] || `exited with ${err.code ?? err.message}`;
          reject(new TtsError('TTS_FAILED', `${this.name} failed: ${reason}`));
        },
      );
      if (this.niceness > 0 && child.pid !== undefined) {
        try {
          setPriority(child.pid, this.niceness);
        } catch {
          // not allowed here: it runs at the normal priority
        }
      }
    });
  }
}

export function createFliteSynthesizer(
  options: SystemCommandOptions & { defaultVoice?: string } = {},
): SystemCommandSynthesizer {
  const executable = options.executable ?? findExecutable('flite');
  if (!executable) throw new Error('flite is not installed (not found on PATH).');
  // slt: 16 kHz US English, clearer than the 8 kHz default kal
  const fallback = options.defaultVoice ?? 'slt';
  return new SystemCommandSynthesizer(
    'flite',
    executable,
    {
      voice: (requested) => fliteVoice(requested, fallback),
      args: (voice, input, output, prosody) => [
        '-voice',
        voice,
        ...fliteProsodyArgs(prosody),
        '-f',
        input,
        '-o',
        output,
      ],
      voices: async (program) => parseFliteVoices(await programOutput(program, ['-lv'])),
    },
    options,
  );
}

export function createEspeakNgSynthesizer(options: SystemCommandOptions = {}): SystemCommandSynthesizer {
  const executable = options.executable ?? findExecutable('espeak-ng');
  if (!executable) throw new Error('espeak-ng is not installed (not found on PATH).');
  return new SystemCommandSynthesizer(
    'espeak-ng',
    executable,
    {
      voice: espeakVoice,
      args: (voice, input, output, prosody) => [
        '-v',
        voice,
        ...espeakProsodyArgs(prosody),
        '-w',
        output,
        '-f',
        input,
      ],
      voices: async (program) => parseEspeakVoices(await programOutput(program, ['--voices']), 'espeak-ng'),
    },
    options,
  );
}
