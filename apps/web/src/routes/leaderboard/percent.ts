/** 0.923 → "92%" */
export const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;
