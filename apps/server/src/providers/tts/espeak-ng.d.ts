// the espeak-ng npm package (an Emscripten MODULARIZE build) ships no types: only what we use
declare module 'espeak-ng' {
  export interface EspeakModuleOptions {
    arguments?: string[];
    noInitialRun?: boolean;
    thisProgram?: string;
    quit?: (status: number, toThrow: unknown) => void;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    // WebAssembly.Imports / Instance / Module: the server's lib has no WebAssembly types
    instantiateWasm?: (imports: object, receive: (instance: object, module: object) => void) => object;
  }

  export interface EspeakModule {
    HEAPU8: Uint8Array;
    HEAPU32: Uint32Array;
    FS: {
      writeFile(path: string, data: string | Uint8Array): void;
      readFile(path: string): Uint8Array;
      analyzePath(path: string): { exists: boolean };
    };
  }

  export default function ESpeakNg(options?: EspeakModuleOptions): Promise<EspeakModule>;
}
