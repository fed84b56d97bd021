import { countries as countryData } from 'countries-list';

// the country list (§3): names, ISO codes and phone prefixes; the select searches it (§5)

export interface Country {
  name: string;
  code: string;
  phone: string[];
}

export const COUNTRIES: readonly Country[] = Object.entries(countryData)
  .map(([code, c]) => ({ name: c.name, code, phone: c.phone.map(String) }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const DEFAULT_PHONE_COUNTRY = 'US';

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

/** the country select: name or code prefix, case-insensitive (§5) */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter((c) => c.name.toLowerCase().startsWith(q) || c.code.toLowerCase().startsWith(q));
}

/** the phone picker: label, code or phone substring (§5) */
export function searchPhoneCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...list];
  return list.filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      c.code.toLowerCase().includes(q) ||
      c.phone.some((p) => p.includes(q)),
  );
}
