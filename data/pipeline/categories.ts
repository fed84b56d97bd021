import { type CategoryName, ENABLED_CATEGORIES } from '@sayspell/core/constants';
import type { SenseName } from './hierarchy.ts';
import type { LexFile } from './lex-files.ts';
import type { FilePos } from './wordnet-line.ts';

// the game's categories are the core's: one list for the bank and the game
export const CATEGORIES = ENABLED_CATEGORIES;
export type Category = CategoryName;

/** categories defined by meaning; random and soundalikes are chosen differently. */
export type TopicCategory = Exclude<Category, 'random' | 'soundalikes'>;

/** a sense belongs when every given condition holds. */
export interface SenseRule {
  pos: FilePos;
  lexFiles?: LexFile[];
  /** the synset is one of these or below one through hypernym links. */
  under?: SenseName[];
  /** the synset carries a topic-domain link to one of these. */
  domain?: SenseName[];
  /** adjectives only: the synset is derived from, or names an attribute in, a synset in these files. */
  derivedFrom?: LexFile[];
  /** adjectives only: the synset is in the cluster headed by one of these. */
  cluster?: SenseName[];
}

export interface CategoryRule {
  name: TopicCategory;
  senses: SenseRule[];
  /** senses below these never belong. */
  notUnder?: SenseName[];
  /** senses below these belong only when SemCor saw the word used that way (keeps out kroon, lek, won…). */
  needsUseUnder?: SenseName[];
}

export const CATEGORY_RULES: CategoryRule[] = [
  {
    name: 'amounts',
    senses: [
      {
        pos: 'n',
        under: [
          'number.n.2',
          'definite_quantity.n.1',
          'indefinite_quantity.n.1',
          'unit_of_measurement.n.1',
          'time_unit.n.1',
          'week.n.1',
          'month.n.2',
          'year.n.1',
          'decade.n.1',
          'century.n.1',
          'millennium.n.1',
          'fortnight.n.1',
          // measurements: size, length, weight, percent, total
          'magnitude.n.1',
          'ratio.n.1',
          'total.n.2',
          'length.n.1',
          'temperature.n.1',
          'volume.n.1',
          'weight.n.1',
          'mass.n.1',
          'distance.n.1',
          'speed.n.1',
        ],
      },
      // "three" is used mostly as an adjective, so its noun sense alone would not let it in.
      { pos: 'a', cluster: ['cardinal.a.2', 'ordinal.a.2'] },
    ],
    // a serving (cutlet, milkshake) is a quantity to WordNet, but dining to a player.
    notUnder: ['helping.n.1'],
    needsUseUnder: ['monetary_unit.n.1'],
  },
  {
    name: 'anatomy',
    senses: [{ pos: 'n', under: ['body_part.n.1', 'body_covering.n.1', 'body.n.1', 'body_substance.n.1'] }],
    notUnder: ['plant_part.n.1', 'plant_process.n.1', 'hairdo.n.1', 'hormone.n.1'],
  },
  {
    name: 'animals',
    // kinds of animal, not roles such as male, adult, predator or pet.
    senses: [{ pos: 'n', under: ['chordate.n.1', 'invertebrate.n.1', 'young_mammal.n.1'] }],
    notUnder: ['hominid.n.1'],
  },
  {
    name: 'architecture',
    senses: [
      {
        pos: 'n',
        under: [
          'building.n.1',
          'building_complex.n.1',
          'housing.n.1',
          'room.n.1',
          'hall.n.1',
          'corridor.n.1',
          'lobby.n.1',
          'floor.n.1',
          'floor.n.2',
          'roof.n.1',
          'ceiling.n.1',
          'door.n.1',
          'doorway.n.1',
          'window.n.1',
          'chimney.n.1',
          'gutter.n.1',
          'stairway.n.1',
          'porch.n.1',
          'balcony.n.2',
          'courtyard.n.1',
          'arch.n.3',
          'column.n.6',
          'colonnade.n.1',
          'vaulting.n.1',
          'tower.n.1',
          'bridge.n.1',
          'fountain.n.1',
          'stadium.n.1',
          'supporting_structure.n.1',
          'partition.n.1',
          'defensive_structure.n.1',
          'masonry.n.1',
          'architectural_ornament.n.1',
          'building_material.n.1',
        ],
      },
    ],
  },
  {
    name: 'attire',
    senses: [
      {
        pos: 'n',
        under: [
          'clothing.n.1',
          'footwear.n.1',
          'footwear.n.2',
          'headdress.n.1',
          'jewelry.n.1',
          'accessory.n.1',
          'neckwear.n.1',
          'handwear.n.1',
          'sleeve.n.1',
          'collar.n.1',
          'pocket.n.1',
          'button.n.1',
          'zipper.n.1',
          'glasses.n.1',
          'handbag.n.1',
          'wallet.n.1',
          'fabric.n.1',
          'leather.n.1',
        ],
      },
    ],
  },
  {
    name: 'dining',
    senses: [
      { pos: 'n', lexFiles: ['noun.food'] },
      { pos: 'n', under: ['tableware.n.1', 'cutlery.n.2', 'kitchen_utensil.n.1', 'restaurant.n.1'] },
      { pos: 'v', under: ['eat.v.1', 'eat.v.2', 'drink.v.1', 'cook.v.2'] },
    ],
  },
  {
    name: 'feelings',
    senses: [
      { pos: 'n', lexFiles: ['noun.feeling'] },
      { pos: 'v', lexFiles: ['verb.emotion'] },
      { pos: 'a', derivedFrom: ['noun.feeling'] },
    ],
  },
  {
    name: 'health',
    senses: [
      { pos: 'n', under: ['illness.n.1', 'disease.n.1', 'injury.n.1', 'symptom.n.1', 'ill_health.n.1'] },
      { pos: 'n', under: ['drug.n.1', 'medicine.n.2', 'medical_building.n.1', 'medical_instrument.n.1'] },
      { pos: 'n', under: ['medical_care.n.1', 'medical_procedure.n.1', 'therapy.n.1'] },
      { pos: 'n', under: ['health_professional.n.1'] },
      { pos: 'n', domain: ['medicine.n.1'] },
    ],
    notUnder: ['drug_of_abuse.n.1', 'alcohol.n.1', 'beverage.n.1', 'tobacco.n.1', 'plant_disease.n.1'],
  },
  {
    name: 'landscapes',
    senses: [
      {
        pos: 'n',
        under: [
          'geological_formation.n.1',
          'body_of_water.n.1',
          'land.n.4',
          'landmass.n.1',
          'grassland.n.1',
          'desert.n.1',
          'field.n.1',
          'forest.n.1',
          'wilderness.n.3',
          'countryside.n.1',
          'wetland.n.1',
          // the stuff a landscape is made of: rock, sand, soil, mud
          'rock.n.1',
          'rock.n.2',
          'sand.n.1',
          'mud.n.1',
          'soil.n.2',
          'earth.n.2',
          'gravel.n.1',
          'badlands.n.1',
          'bottomland.n.1',
          'rangeland.n.1',
          'rural_area.n.1',
          'bush.n.2',
          'semidesert.n.1',
          'oasis.n.1',
          'clearing.n.1',
          'mud_flat.n.1',
          'terrain.n.1',
          'river_basin.n.1',
          'range.n.3',
          'farmland.n.1',
          'farmland.n.2',
          'park.n.1',
          'orchard.n.1',
          'vineyard.n.1',
          'thicket.n.1',
          'scrub.n.1',
          'landscape.n.1',
          'horizon.n.1',
          'sky.n.1',
        ],
      },
    ],
  },
  {
    name: 'law',
    senses: [
      { pos: 'n', domain: ['law.n.1'] },
      { pos: 'v', domain: ['law.n.1'] },
      {
        pos: 'n',
        under: [
          'crime.n.1',
          'legal_action.n.1',
          'law.n.2',
          'court.n.1',
          'lawyer.n.1',
          'judge.n.1',
          'criminal.n.1',
          'police.n.1',
          'policeman.n.1',
        ],
      },
    ],
  },
];
