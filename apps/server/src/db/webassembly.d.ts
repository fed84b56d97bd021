// the part of WebAssembly's API the embedded database uses (db/pglite-thread.ts): TypeScript keeps
// it in its DOM library, which the server does not load
declare namespace WebAssembly {
  interface Module {
    readonly [Symbol.toStringTag]: string;
  }
  function compile(bytes: Uint8Array): Promise<Module>;
}
