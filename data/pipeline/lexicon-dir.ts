import path from 'node:path';

/** the data folder, for readers that need its files but not the whole lexicon */
export const DATA_DIR = path.join(import.meta.dirname, '..');
