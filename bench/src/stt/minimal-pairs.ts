// 40 minimal pairs: words a listener (and a recogniser) can mistake for each other. each word is
// said, then checked as itself (right), as its partner (similar) and as a word of another pair
// (unrelated). desert/dessert share a CMU pronunciation (D IH Z ER T), so they count as the same.

export const MINIMAL_PAIRS: readonly [string, string][] = [
  ['ship', 'sheep'],
  ['thirty', 'thirsty'],
  ['desert', 'dessert'],
  ['bit', 'beat'],
  ['pen', 'pin'],
  ['full', 'fool'],
  ['live', 'leave'],
  ['cat', 'cut'],
  ['cop', 'cup'],
  ['bed', 'bad'],
  ['fan', 'van'],
  ['berry', 'very'],
  ['rice', 'lice'],
  ['light', 'right'],
  ['thin', 'thing'],
  ['sink', 'think'],
  ['three', 'tree'],
  ['pull', 'pool'],
  ['hat', 'hot'],
  ['walk', 'work'],
  ['coat', 'caught'],
  ['boat', 'bought'],
  ['lock', 'rock'],
  ['glass', 'grass'],
  ['fly', 'fry'],
  ['sheet', 'seat'],
  ['chair', 'share'],
  ['watch', 'wash'],
  ['jam', 'yam'],
  ['vest', 'best'],
  ['mouse', 'mouth'],
  ['price', 'prize'],
  ['fifteen', 'fifty'],
  ['collar', 'color'],
  ['lunch', 'launch'],
  ['pepper', 'paper'],
  ['letter', 'ladder'],
  ['bath', 'path'],
  ['dairy', 'diary'],
  ['angel', 'angle'],
];

/** the development half (thresholds are set on it) and the test half (only measured) */
export const DEV_PAIRS = MINIMAL_PAIRS.filter((_, i) => i % 2 === 0);
export const TEST_PAIRS = MINIMAL_PAIRS.filter((_, i) => i % 2 === 1);
