import { randomInt } from 'node:crypto';

// friendly generated usernames for guests: "BraveOtter417"

const ADJECTIVES = [
  'Brave',
  'Bright',
  'Calm',
  'Clever',
  'Cosy',
  'Eager',
  'Gentle',
  'Happy',
  'Jolly',
  'Keen',
  'Lively',
  'Lucky',
  'Merry',
  'Nimble',
  'Plucky',
  'Quick',
  'Quiet',
  'Sunny',
  'Swift',
  'Witty',
];
const ANIMALS = [
  'Badger',
  'Bear',
  'Crane',
  'Dolphin',
  'Falcon',
  'Ferret',
  'Fox',
  'Gecko',
  'Heron',
  'Koala',
  'Lynx',
  'Marten',
  'Otter',
  'Owl',
  'Panda',
  'Puffin',
  'Robin',
  'Seal',
  'Tiger',
  'Wren',
];

export function guestUsername(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}${ANIMALS[randomInt(ANIMALS.length)]}${randomInt(100, 1000)}`;
}
