import {
  CATEGORY_PREFIX,
  DISABLED_CATEGORIES,
  ENABLED_CATEGORIES,
  type Mode,
  type Role,
  SOLO_ROLES,
} from '../constants.ts';

// which game-setup options are offered and which are disabled (§5)

export interface CategoryOption {
  value: string;
  label: string;
  disabled: boolean;
}

export function categoryValue(name: string): string {
  return `${CATEGORY_PREFIX}${name}`;
}

/** the part after the prefix, capitalised: 'category_animals' → 'Animals' */
export function categoryLabel(value: string): string {
  const name = value.startsWith(CATEGORY_PREFIX) ? value.slice(CATEGORY_PREFIX.length) : value;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function categoryName(value: string): string | null {
  if (!value.startsWith(CATEGORY_PREFIX)) return null;
  const name = value.slice(CATEGORY_PREFIX.length);
  return (ENABLED_CATEGORIES as readonly string[]).includes(name) ? name : null;
}

export function categoryOptions(): CategoryOption[] {
  const all = [...ENABLED_CATEGORIES, ...DISABLED_CATEGORIES].sort();
  return all.map((name) => ({
    value: categoryValue(name),
    label: categoryLabel(name),
    disabled: (DISABLED_CATEGORIES as readonly string[]).includes(name),
  }));
}

export function isRoleAllowed(mode: Mode, role: Role): boolean {
  return mode !== 'solo' || SOLO_ROLES.includes(role);
}
