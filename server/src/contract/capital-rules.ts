import { dec, fixed } from '../domain/money';

/**
 * Capital accounts' words and display rules, shared by the screens and the statements; no zod here,
 * so a page can show them without loading the schemas.
 */

/** What a capital account entry can be. */
export const CAPITAL_KINDS = ['commitment', 'contribution', 'distribution'] as const;
export type CapitalKind = (typeof CAPITAL_KINDS)[number];

/** How each kind reads on screens and statements. */
export const CAPITAL_KIND_LABELS: Record<CapitalKind, string> = {
  commitment: 'Commitment',
  contribution: 'Contribution',
  distribution: 'Distribution',
};

/** Decimal places a value per unit is shown with (it is kept to 8), on screens and statements alike. */
export const UNIT_VALUE_SHOWN_PLACES = 4;

/** The IRR, a fraction to 4 places, as a percent a year: "0.0969" → "9.69% a year", "-0.0367" → "-3.67% a year". */
export function irrPercentText(irr: string): string {
  return `${fixed(dec(irr).times(100), 2)}% a year`;
}

/** A multiple (DPI, RVPI, TVPI) as screens and statements write it: "1.2500" → "1.2500x". */
export function multipleText(multiple: string): string {
  return `${multiple}x`;
}

/** What "provisional" means, word for word on the LP's and the GP's screens and in the statements. */
export const PROVISIONAL_NOTE =
  'Some entries were recorded after the day they are dated, and the firm\u2019s daily values from that day on do not include their cash yet. ' +
  'Figures marked provisional rest on those values and may change when they are recomputed.';
