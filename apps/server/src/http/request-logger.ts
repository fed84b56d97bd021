import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

// fastify gives every request a child logger bound to its request id, made before the route runs.
// most requests log nothing at the server's level (the request lines are at info, and operators run
// busy servers at warn): making pino's child was about 6 % of a live game's GET /v1/game/{id}
// (issue 16, B5). this one makes it when a line is logged at a level the logger writes

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** whether the logger writes lines of this level (a logger that cannot tell: yes) */
function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const { isLevelEnabled } = logger as { isLevelEnabled?: (level: string) => boolean };
  return typeof isLevelEnabled === 'function' ? isLevelEnabled.call(logger, level) : true;
}

class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** a child of the child pino would have made */
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real().level = level;
  }

  silent(): void {}

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }

  private log(level: Level, args: unknown[]): void {
    const child = this.#child;
    if (child) {
      (child[level] as (...a: unknown[]) => void)(...args);
      return;
    }
    // nothing made for a line the level drops (a route's own level, if any, decides once made)
    if (this.options.level === undefined && !enabled(this.parent, level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
}

/** fastify's childLoggerFactory: a request's logger made when it first logs a line */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
